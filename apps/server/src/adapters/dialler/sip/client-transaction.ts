import { buildNon2xxAck, type SipRequest, type SipResponse } from './message.ts';
import type { RemoteAddress } from './transport.ts';

/** RFC 3261 timer values (§17, table 4); T1 is shortened in tests. */
export interface TimerConfig {
  t1Ms: number;
  t2Ms: number;
  t4Ms: number;
}

export const DEFAULT_TIMERS: TimerConfig = { t1Ms: 500, t2Ms: 4000, t4Ms: 5000 };

/** What a transaction needs from the layer below: send a datagram. */
export interface TransactionSender {
  send(message: SipRequest | SipResponse, to: RemoteAddress): void;
}

/** The transaction user: receives responses and timeouts. */
export interface ClientTransactionUser {
  onResponse(response: SipResponse): void;
  /** Timer B / Timer F fired without a final response. */
  onTimeout(): void;
}

export type ClientTransactionState =
  'calling' | 'trying' | 'proceeding' | 'completed' | 'terminated';

/** Timers owned by one transaction, all cleared when it terminates. */
class TimerSet {
  private readonly handles = new Map<string, NodeJS.Timeout>();

  set(name: string, ms: number, fire: () => void): void {
    this.clear(name);
    this.handles.set(
      name,
      setTimeout(() => {
        this.handles.delete(name);
        try {
          fire();
        } catch (error) {
          // The stack guards the sender and the user; this is the last line before the loop.
          console.warn(`SIP client transaction timer ${name} failed: ${String(error)}`);
        }
      }, ms),
    );
  }

  clear(name: string): void {
    const handle = this.handles.get(name);
    if (handle) clearTimeout(handle);
    this.handles.delete(name);
  }

  clearAll(): void {
    for (const handle of this.handles.values()) clearTimeout(handle);
    this.handles.clear();
  }
}

abstract class ClientTransactionBase {
  abstract state: ClientTransactionState;
  /** How many times the request went out (1 + retransmissions). */
  sendCount = 0;
  protected readonly timers = new TimerSet();
  private readonly terminatedListeners: (() => void)[] = [];

  constructor(
    readonly request: SipRequest,
    readonly destination: RemoteAddress,
    protected readonly sender: TransactionSender,
    protected readonly config: TimerConfig,
    protected readonly user: ClientTransactionUser,
  ) {}

  protected transmit(): void {
    this.sendCount++;
    this.sender.send(this.request, this.destination);
  }

  /** Called by the transaction layer so it can forget the transaction. */
  onTerminated(listener: () => void): void {
    this.terminatedListeners.push(listener);
  }

  /** Stops every timer and drops the transaction. */
  terminate(): void {
    if (this.state === 'terminated') return;
    this.state = 'terminated';
    this.timers.clearAll();
    for (const listener of this.terminatedListeners) listener();
  }

  abstract start(): void;
  abstract receive(response: SipResponse): void;
}

/** INVITE client transaction (RFC 3261 §17.1.1, figure 5) over UDP. */
export class InviteClientTransaction extends ClientTransactionBase {
  state: ClientTransactionState = 'calling';
  private ack: SipRequest | undefined;

  start(): void {
    this.transmit();
    let interval = this.config.t1Ms;
    const timerA = () => {
      if (this.state !== 'calling') return;
      this.transmit();
      interval *= 2;
      this.timers.set('A', interval, timerA);
    };
    this.timers.set('A', interval, timerA);
    this.timers.set('B', 64 * this.config.t1Ms, () => {
      if (this.state !== 'calling') return;
      this.terminate();
      this.user.onTimeout();
    });
  }

  receive(response: SipResponse): void {
    if (this.state === 'terminated') return;
    if (this.state === 'completed') {
      // A retransmitted final response: our ACK was lost.
      if (response.status >= 300 && this.ack) this.sender.send(this.ack, this.destination);
      return;
    }
    if (response.status < 200) {
      this.state = 'proceeding';
      this.timers.clear('A');
      this.timers.clear('B');
      this.user.onResponse(response);
      return;
    }
    if (response.status < 300) {
      // The 2xx ACK belongs to the dialog (the transaction user), not to us.
      this.terminate();
      this.user.onResponse(response);
      return;
    }
    this.state = 'completed';
    this.timers.clear('A');
    this.timers.clear('B');
    this.ack = buildNon2xxAck(this.request, response);
    this.sender.send(this.ack, this.destination);
    // Timer D: at least 32 s over UDP, 64*T1 here so that a shortened T1 shortens it too.
    this.timers.set('D', 64 * this.config.t1Ms, () => this.terminate());
    this.user.onResponse(response);
  }
}

/** Non-INVITE client transaction (RFC 3261 §17.1.2, figure 6) over UDP. */
export class NonInviteClientTransaction extends ClientTransactionBase {
  state: ClientTransactionState = 'trying';

  start(): void {
    this.transmit();
    let interval = this.config.t1Ms;
    const timerE = () => {
      if (this.state !== 'trying' && this.state !== 'proceeding') return;
      this.transmit();
      interval =
        this.state === 'proceeding' ? this.config.t2Ms : Math.min(2 * interval, this.config.t2Ms);
      this.timers.set('E', interval, timerE);
    };
    this.timers.set('E', interval, timerE);
    this.timers.set('F', 64 * this.config.t1Ms, () => {
      if (this.state !== 'trying' && this.state !== 'proceeding') return;
      this.terminate();
      this.user.onTimeout();
    });
  }

  receive(response: SipResponse): void {
    if (this.state !== 'trying' && this.state !== 'proceeding') return;
    if (response.status < 200) {
      this.state = 'proceeding';
      this.user.onResponse(response);
      return;
    }
    this.state = 'completed';
    this.timers.clear('E');
    this.timers.clear('F');
    // Timer K absorbs retransmitted responses.
    this.timers.set('K', this.config.t4Ms, () => this.terminate());
    this.user.onResponse(response);
  }
}

export type ClientTransaction = InviteClientTransaction | NonInviteClientTransaction;
