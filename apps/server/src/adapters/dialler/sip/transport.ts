import { createSocket, type Socket } from 'node:dgram';
import {
  buildResponse,
  MANDATORY_HEADERS,
  newTag,
  parseCSeq,
  parseVia,
  parseMessage,
  serializeMessage,
  SipParseError,
  type SipMessage,
} from './message.ts';

/** Where a datagram came from or goes to. */
export interface RemoteAddress {
  address: string;
  port: number;
}

export type MessageHandler = (message: SipMessage, from: RemoteAddress) => void;

/** Where the telephony side writes one line per datagram or call it drops or fails. */
export type SipLog = (line: string) => void;

/**
 * The default SipLog: console.warn, at most 20 lines a minute so that a flood of datagrams
 * cannot flood the log too; the count of the lines held back is written with the next one.
 */
export function rateLimitedLog(
  write: SipLog = (line) => console.warn(line),
  perMinute = 20,
): SipLog {
  let windowStart = 0;
  let written = 0;
  let suppressed = 0;
  return (line) => {
    const now = Date.now();
    if (now - windowStart >= 60_000) {
      windowStart = now;
      written = 0;
    }
    if (written >= perMinute) {
      suppressed++;
      return;
    }
    written++;
    write(suppressed > 0 ? `${line} (${suppressed} similar lines held back)` : line);
    suppressed = 0;
  };
}

/** The text of a thrown value, for a log line. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/**
 * SIP over UDP (RFC 3261 §18): one datagram is one message. A malformed request whose headers
 * allow a response is answered 400 Bad Request (RFC 3261 §18.3, §21.4.1); any other malformed
 * datagram is dropped. Either way one line is logged; nothing received throws past this class.
 */
export class SipUdpTransport {
  /** Datagrams dropped because they did not parse, and the last reason (for diagnostics). */
  droppedCount = 0;
  lastDropReason: string | undefined;
  /** Malformed requests answered 400 Bad Request (counted in droppedCount too). */
  badRequestCount = 0;
  /** Messages that could not be sent (no such port, an address of another family). */
  sendFailures = 0;
  private handler: MessageHandler | undefined;
  private closed = false;

  private constructor(
    private readonly socket: Socket,
    readonly host: string,
    readonly port: number,
    private readonly log: SipLog,
  ) {
    socket.on('message', (data, rinfo) => this.receive(data, rinfo));
    // A send to a closed port can surface as an ICMP error; UDP is best effort, timers recover.
    socket.on('error', () => {});
  }

  /** Binds a UDP socket; port 0 picks a free one. */
  static bind(
    options: { host?: string; port?: number; log?: SipLog } = {},
  ): Promise<SipUdpTransport> {
    const host = options.host ?? '127.0.0.1';
    const log = options.log ?? rateLimitedLog();
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
        resolve(new SipUdpTransport(socket, host, socket.address().port, log));
      });
    });
  }

  onMessage(handler: MessageHandler): void {
    this.handler = handler;
  }

  private receive(data: Buffer, rinfo: { address: string; port: number }): void {
    const from = { address: rinfo.address, port: rinfo.port };
    let message: SipMessage;
    try {
      message = parseMessage(data);
    } catch (error) {
      this.reject(error, data.length, from);
      return;
    }
    try {
      this.handler?.(message, from);
    } catch (error) {
      // A well-formed but nonsensical message must not take the process down either.
      this.drop(`${describe(message)} from ${from.address}:${from.port} failed`, error);
    }
  }

  /** A datagram that did not parse: 400 when it is a request we can answer, else dropped. */
  private reject(error: unknown, bytes: number, from: RemoteAddress): void {
    const request = error instanceof SipParseError ? error.request : undefined;
    const reason = errorText(error).slice(0, 200);
    if (request && request.method !== 'ACK' && this.answerable(request)) {
      try {
        this.send(
          buildResponse(request, 400, {
            toTag: newTag(),
            extraHeaders: [['Warning', `399 ${this.host} "${reason.replace(/["\\]/g, "'")}"`]],
          }),
          from,
        );
        this.badRequestCount++;
        this.droppedCount++;
        this.lastDropReason = reason;
        this.log(`SIP ${request.method} from ${from.address}:${from.port} answered 400: ${reason}`);
        return;
      } catch {
        // fall through: dropped like any other
      }
    }
    this.drop(`SIP datagram of ${bytes} bytes from ${from.address}:${from.port} dropped`, error);
  }

  private answerable(request: SipMessage): boolean {
    for (const name of MANDATORY_HEADERS) {
      if (!request.headers.has(name)) return false;
    }
    // A response copies Via and CSeq: ones that do not parse would make it malformed too.
    try {
      parseVia(request.headers.get('via') ?? '');
      parseCSeq(request.headers.get('cseq') ?? '');
      return true;
    } catch {
      return false;
    }
  }

  private drop(what: string, error: unknown): void {
    this.droppedCount++;
    this.lastDropReason = errorText(error);
    this.log(`${what}: ${this.lastDropReason.slice(0, 200)}`);
  }

  /** Sends one message; best effort like UDP itself (errors are ignored, timers retransmit). */
  send(message: SipMessage, to: RemoteAddress): void {
    if (this.closed) return;
    try {
      if (!isPort(to.port)) throw new Error('not a port in 1..65535');
      this.socket.send(serializeMessage(message), to.port, to.address, () => {});
    } catch (error) {
      // A port or address the socket cannot use fails synchronously in dgram.
      this.sendFailures++;
      this.log(`${describe(message)} to ${to.address}:${to.port} not sent: ${errorText(error)}`);
    }
  }

  close(): Promise<void> {
    if (this.closed) return Promise.resolve();
    this.closed = true;
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

function describe(message: SipMessage): string {
  return message.kind === 'request' ? `SIP ${message.method}` : `SIP ${message.status} response`;
}
