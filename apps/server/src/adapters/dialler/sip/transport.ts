import { createSocket, type Socket } from 'node:dgram';
import { parseMessage, serializeMessage, type SipMessage } from './message.ts';

/** Where a datagram came from or goes to. */
export interface RemoteAddress {
  address: string;
  port: number;
}

export type MessageHandler = (message: SipMessage, from: RemoteAddress) => void;

/** SIP over UDP (RFC 3261 §18): one datagram is one message; malformed datagrams are dropped. */
export class SipUdpTransport {
  /** Datagrams dropped because they did not parse, and the last reason (for diagnostics). */
  droppedCount = 0;
  lastDropReason: string | undefined;
  private handler: MessageHandler | undefined;
  private closed = false;

  private constructor(
    private readonly socket: Socket,
    readonly host: string,
    readonly port: number,
  ) {
    socket.on('message', (data, rinfo) => this.receive(data, rinfo));
    // A send to a closed port can surface as an ICMP error; UDP is best effort, timers recover.
    socket.on('error', () => {});
  }

  /** Binds a UDP socket; port 0 picks a free one. */
  static bind(options: { host?: string; port?: number } = {}): Promise<SipUdpTransport> {
    const host = options.host ?? '127.0.0.1';
    // One socket carries every call's signalling: a burst of responses during an event-loop
    // stall must not overflow the default ~200 KB buffer (the kernel caps it at rmem_max).
    const socket = createSocket({
      type: host.includes(':') ? 'udp6' : 'udp4',
      recvBufferSize: 4 * 1024 * 1024,
    });
    return new Promise((resolve, reject) => {
      socket.once('error', reject);
      // exclusive: a node:cluster worker (WORKERS > 1) gets a socket of its own; by default
      // workers binding the same address and port share one, and each would get the others' calls.
      socket.bind({ port: options.port ?? 0, address: host, exclusive: true }, () => {
        socket.off('error', reject);
        resolve(new SipUdpTransport(socket, host, socket.address().port));
      });
    });
  }

  onMessage(handler: MessageHandler): void {
    this.handler = handler;
  }

  private receive(data: Buffer, rinfo: { address: string; port: number }): void {
    let message: SipMessage;
    try {
      message = parseMessage(data);
    } catch (error) {
      this.droppedCount++;
      this.lastDropReason = error instanceof Error ? error.message : String(error);
      return;
    }
    try {
      this.handler?.(message, { address: rinfo.address, port: rinfo.port });
    } catch (error) {
      // A well-formed but nonsensical message must not take the process down either.
      this.droppedCount++;
      this.lastDropReason = error instanceof Error ? error.message : String(error);
    }
  }

  /** Sends one message; best effort like UDP itself (errors are ignored, timers retransmit). */
  send(message: SipMessage, to: RemoteAddress): void {
    if (this.closed) return;
    this.socket.send(serializeMessage(message), to.port, to.address, () => {});
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}
