import type { SipRequest, SipResponse } from './message.ts';
import type { TimerConfig, TransactionSender } from './client-transaction.ts';
import type { RemoteAddress } from './transport.ts';

export type ServerTransactionState =
  'trying' | 'proceeding' | 'completed' | 'confirmed' | 'accepted' | 'terminated';

/**
 * INVITE and non-INVITE server transactions (RFC 3261 §17.2) over UDP: retransmitted requests
 * get the last response again; a non-2xx INVITE final is retransmitted (Timer G) until ACK.
 */
export class ServerTransaction {
  state: ServerTransactionState;
  lastResponse: SipResponse | undefined;
  private readonly handles = new Map<string, NodeJS.Timeout>();
  private readonly terminatedListeners: (() => void)[] = [];

  constructor(
    readonly request: SipRequest,
    readonly source: RemoteAddress,
    private readonly sender: TransactionSender,
    private readonly config: TimerConfig,
  ) {
    this.state = request.method === 'INVITE' ? 'proceeding' : 'trying';
  }

  get isInvite(): boolean {
    return this.request.method === 'INVITE';
  }

  onTerminated(listener: () => void): void {
    this.terminatedListeners.push(listener);
  }

  /** Sends a response through the transaction. */
  respond(response: SipResponse): void {
    if (this.state !== 'trying' && this.state !== 'proceeding') return;
    this.lastResponse = response;
    this.sender.send(response, this.source);
    if (response.status < 200) {
      this.state = 'proceeding';
      return;
    }
    if (this.isInvite && response.status < 300) {
      // 2xx retransmission until ACK is the UAS core's job (RFC 3261 §13.3.1.4); the
      // Accepted state of RFC 6026 swallows INVITE retransmissions meanwhile (Timer L).
      this.state = 'accepted';
      this.setTimer('L', 64 * this.config.t1Ms, () => this.terminate());
      return;
    }
    this.state = 'completed';
    if (this.isInvite) {
      let interval = this.config.t1Ms;
      const timerG = () => {
        if (this.state !== 'completed' || !this.lastResponse) return;
        this.sender.send(this.lastResponse, this.source);
        interval = Math.min(2 * interval, this.config.t2Ms);
        this.setTimer('G', interval, timerG);
      };
      this.setTimer('G', interval, timerG);
      this.setTimer('H', 64 * this.config.t1Ms, () => this.terminate());
    } else {
      this.setTimer('J', 64 * this.config.t1Ms, () => this.terminate());
    }
  }

  /** A retransmission of the request arrived: repeat the last response. */
  receiveRetransmission(): void {
    if (this.lastResponse && (this.state === 'proceeding' || this.state === 'completed')) {
      this.sender.send(this.lastResponse, this.source);
    }
  }

  /** The ACK for a non-2xx final response arrived (Timer I absorbs further ACKs). */
  receiveAck(): void {
    if (this.state !== 'completed') return;
    this.state = 'confirmed';
    this.clearTimers();
    this.setTimer('I', this.config.t4Ms, () => this.terminate());
  }

  terminate(): void {
    if (this.state === 'terminated') return;
    this.state = 'terminated';
    this.clearTimers();
    for (const listener of this.terminatedListeners) listener();
  }

  private setTimer(name: string, ms: number, fire: () => void): void {
    const previous = this.handles.get(name);
    if (previous) clearTimeout(previous);
    this.handles.set(
      name,
      setTimeout(() => {
        this.handles.delete(name);
        try {
          fire();
        } catch (error) {
          // The transport's send never throws; this is the last line before the event loop.
          console.warn(`SIP server transaction timer ${name} failed: ${String(error)}`);
        }
      }, ms),
    );
  }

  private clearTimers(): void {
    for (const handle of this.handles.values()) clearTimeout(handle);
    this.handles.clear();
  }
}
