import { createSocket, type Socket } from 'node:dgram';
import {
  buildResponse,
  parseMessage,
  serializeMessage,
  type SipRequest,
} from '../../src/adapters/dialler/sip/message.ts';

/** What the trunk does with an INVITE to one number. */
export interface TrunkBehaviour {
  /** The 200 OK's body, sent as application/sdp (empty: no body at all). */
  answerSdp: string;
  /** Never answer our BYE (a far end that went away). */
  ignoreBye?: boolean;
}

/** What the trunk saw of one call (by Call-ID). */
export interface TrunkCall {
  number: string;
  acks: number;
  byes: number;
}

/** A good answer: PCMU to a loopback port nobody reads (RTP is best effort). */
export const GOOD_SDP = [
  'v=0',
  'o=trunk 1 1 IN IP4 127.0.0.1',
  's=trunk',
  'c=IN IP4 127.0.0.1',
  't=0 0',
  'm=audio 9 RTP/AVP 0',
  'a=rtpmap:0 PCMU/8000',
  '',
].join('\r\n');

/**
 * A SIP trunk as a raw UDP peer (issue 31): answers each INVITE 100 then 200 OK with the body
 * its number's behaviour gives (hostile ones included), records ACKs and BYEs, and answers BYE
 * 200 unless told not to. Built with the product's message builders, not its stack.
 */
export class HostileTrunk {
  readonly calls = new Map<string, TrunkCall>();
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly socket: Socket,
    private readonly behaviours: Record<string, TrunkBehaviour>,
  ) {
    socket.on('message', (data, rinfo) => {
      try {
        const message = parseMessage(data);
        if (message.kind === 'request') this.receive(message, rinfo);
      } catch {
        // Not ours to judge: a test peer ignores what it cannot parse.
      }
    });
  }

  static async start(behaviours: Record<string, TrunkBehaviour>): Promise<HostileTrunk> {
    const socket = createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
    return new HostileTrunk(socket, behaviours);
  }

  get port(): number {
    return this.socket.address().port;
  }

  /** Resolves once `test` holds for what the trunk has seen (checked at each datagram). */
  async until(test: (calls: TrunkCall[]) => boolean): Promise<void> {
    while (!test([...this.calls.values()])) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }

  private receive(request: SipRequest, to: { address: string; port: number }): void {
    const callId = request.headers.get('call-id') ?? '';
    const number = /^sip:([^@;]+)/.exec(request.uri)?.[1] ?? '';
    const call = this.calls.get(callId) ?? { number, acks: 0, byes: 0 };
    this.calls.set(callId, call);
    const behaviour = this.behaviours[call.number] ?? { answerSdp: GOOD_SDP };
    const send = (status: number, body = '') =>
      this.socket.send(
        serializeMessage(
          buildResponse(request, status, {
            toTag: `trunk${callId.slice(0, 8)}`,
            contact: `sip:${number}@127.0.0.1:${this.port}`,
            body,
          }),
        ),
        to.port,
        to.address,
      );
    if (request.method === 'INVITE') {
      send(100);
      send(200, behaviour.answerSdp);
    } else if (request.method === 'ACK') call.acks += 1;
    else if (request.method === 'BYE') {
      call.byes += 1;
      if (!behaviour.ignoreBye) send(200);
    } else if (request.method === 'CANCEL') send(200);
    for (const wake of this.waiters.splice(0)) wake();
  }
}
