import {
  DEFAULT_TIMERS,
  InviteClientTransaction,
  NonInviteClientTransaction,
  type ClientTransaction,
  type ClientTransactionUser,
  type TimerConfig,
} from './client-transaction.ts';
import {
  buildResponse,
  parseCSeq,
  parseVia,
  type SipMessage,
  type SipRequest,
  type SipResponse,
} from './message.ts';
import { ServerTransaction } from './server-transaction.ts';
import {
  errorText,
  rateLimitedLog,
  SipUdpTransport,
  type RemoteAddress,
  type SipLog,
} from './transport.ts';

/** Requests and transaction-less responses of one call, routed by Call-ID. */
export interface DialogHandler {
  /** A new request (not a retransmission); `transaction` is undefined for ACK. */
  onRequest(request: SipRequest, source: RemoteAddress, transaction?: ServerTransaction): void;
  /** A response no client transaction claims, e.g. a retransmitted 2xx to INVITE. */
  onStrayResponse?(response: SipResponse, source: RemoteAddress): void;
}

export interface SipStackOptions {
  host?: string;
  port?: number;
  timers?: Partial<TimerConfig>;
  /** Test hook: return true to drop an incoming message as if the network lost it. */
  dropIncoming?: (message: SipMessage, source: RemoteAddress) => boolean;
  /** One line per datagram dropped or request failed (default: console.warn, rate-limited). */
  log?: SipLog;
}

/** Branch of the top Via; messages without a parsable one are not matched. */
function branchOf(message: SipMessage): string | undefined {
  const via = message.headers.get('via');
  if (!via) return undefined;
  try {
    return parseVia(via).params['branch'];
  } catch {
    return undefined;
  }
}

function cseqMethod(message: SipMessage): string {
  return parseCSeq(message.headers.get('cseq') ?? '').method;
}

/**
 * The transaction layer over one UDP transport: matches responses to client transactions
 * (branch + CSeq method, RFC 3261 §17.1.3) and requests to server transactions (§17.2.3),
 * hands new requests to the dialog of their Call-ID or to the default handler.
 */
export class SipStack {
  readonly timers: TimerConfig;
  readonly log: SipLog;
  private readonly clientTransactions = new Map<string, ClientTransaction>();
  private readonly serverTransactions = new Map<string, ServerTransaction>();
  private readonly dialogs = new Map<string, DialogHandler>();
  private defaultHandler: DialogHandler | undefined;

  private constructor(
    readonly transport: SipUdpTransport,
    private readonly options: SipStackOptions,
  ) {
    this.timers = { ...DEFAULT_TIMERS, ...options.timers };
    this.log = options.log ?? rateLimitedLog();
    transport.onMessage((message, source) => this.receive(message, source));
  }

  /** Binds a UDP transport (127.0.0.1, port 0 by default) and starts the stack on it. */
  static async create(options: SipStackOptions = {}): Promise<SipStack> {
    const log = options.log ?? rateLimitedLog();
    const transport = await SipUdpTransport.bind({
      host: options.host ?? '127.0.0.1',
      port: options.port ?? 0,
      log,
    });
    return new SipStack(transport, { ...options, log });
  }

  /** Our address, for Via, Contact and SDP. */
  get local(): { host: string; port: number } {
    return { host: this.transport.host, port: this.transport.port };
  }

  /** Receives requests of calls without their own dialog handler (the answering side). */
  setDefaultHandler(handler: DialogHandler | undefined): void {
    this.defaultHandler = handler;
  }

  registerDialog(callId: string, handler: DialogHandler): void {
    this.dialogs.set(callId, handler);
  }

  unregisterDialog(callId: string): void {
    this.dialogs.delete(callId);
  }

  /** Starts an INVITE client transaction (or a non-INVITE one for any other method but ACK). */
  sendRequest(
    request: SipRequest,
    destination: RemoteAddress,
    user: ClientTransactionUser,
  ): ClientTransaction {
    if (request.method === 'ACK') throw new Error('ACK is sent without a transaction: use send()');
    const branch = branchOf(request);
    if (!branch) throw new Error('The request has no Via branch');
    const key = `${branch}|${request.method}`;
    // The user runs from timers too (Timer B, F): its failure is logged, never thrown there.
    const guarded: ClientTransactionUser = {
      onResponse: (response) =>
        this.guard(`the ${request.method} response handler`, () => user.onResponse(response)),
      onTimeout: () => this.guard(`the ${request.method} timeout handler`, () => user.onTimeout()),
    };
    const transaction =
      request.method === 'INVITE'
        ? new InviteClientTransaction(request, destination, this.transport, this.timers, guarded)
        : new NonInviteClientTransaction(
            request,
            destination,
            this.transport,
            this.timers,
            guarded,
          );
    this.clientTransactions.set(key, transaction);
    transaction.onTerminated(() => {
      if (this.clientTransactions.get(key) === transaction) this.clientTransactions.delete(key);
    });
    transaction.start();
    return transaction;
  }

  /** Sends a message outside any transaction (ACK for 2xx, 2xx retransmissions). */
  send(message: SipMessage, destination: RemoteAddress): void {
    this.transport.send(message, destination);
  }

  /** The INVITE server transaction a CANCEL refers to (same branch). */
  findInviteServerTransaction(cancel: SipRequest): ServerTransaction | undefined {
    const branch = branchOf(cancel);
    return branch ? this.serverTransactions.get(`${branch}|INVITE`) : undefined;
  }

  /** Ends every transaction and closes the socket. */
  async close(): Promise<void> {
    for (const transaction of [...this.clientTransactions.values()]) transaction.terminate();
    for (const transaction of [...this.serverTransactions.values()]) transaction.terminate();
    this.dialogs.clear();
    await this.transport.close();
  }

  private receive(message: SipMessage, source: RemoteAddress): void {
    if (this.options.dropIncoming?.(message, source)) return;
    if (message.kind === 'response') this.receiveResponse(message, source);
    else this.receiveRequest(message, source);
  }

  private receiveResponse(response: SipResponse, source: RemoteAddress): void {
    const branch = branchOf(response);
    const transaction = branch
      ? this.clientTransactions.get(`${branch}|${cseqMethod(response)}`)
      : undefined;
    if (transaction) {
      transaction.receive(response);
      return;
    }
    const callId = response.headers.get('call-id') ?? '';
    this.dialogs.get(callId)?.onStrayResponse?.(response, source);
  }

  private receiveRequest(request: SipRequest, source: RemoteAddress): void {
    const branch = branchOf(request);
    const method = request.method === 'ACK' ? 'INVITE' : request.method;
    const key = branch ? `${branch}|${method}` : undefined;
    const existing = key ? this.serverTransactions.get(key) : undefined;
    if (existing) {
      if (request.method === 'ACK') existing.receiveAck();
      else existing.receiveRetransmission();
      return;
    }
    const callId = request.headers.get('call-id') ?? '';
    const handler = this.dialogs.get(callId) ?? this.defaultHandler;
    if (request.method === 'ACK') {
      handler?.onRequest(request, source);
      return;
    }
    const transaction = new ServerTransaction(request, source, this.transport, this.timers);
    if (key) {
      this.serverTransactions.set(key, transaction);
      transaction.onTerminated(() => {
        if (this.serverTransactions.get(key) === transaction) this.serverTransactions.delete(key);
      });
    }
    if (!handler) {
      transaction.respond(buildResponse(request, 481));
      return;
    }
    try {
      handler.onRequest(request, source, transaction);
    } catch (error) {
      // The request's own failure: answer 500 so that the transaction ends (RFC 3261 §21.5.1).
      this.log(
        `SIP ${request.method} from ${source.address}:${source.port} failed: ${errorText(error)}`,
      );
      transaction.respond(buildResponse(request, 500));
    }
  }

  private guard(what: string, run: () => void): void {
    try {
      run();
    } catch (error) {
      this.log(`SIP ${what} failed: ${errorText(error)}`);
    }
  }
}
