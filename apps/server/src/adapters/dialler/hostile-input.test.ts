import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadReferenceSpeech } from '../../services/audio-analytics/index.ts';
import { AnsweringEndpoint } from './answering-endpoint.ts';
import { ContactCentre, routeOfUri } from './contact-centre.ts';
import { SipStack } from './sip/stack.ts';
import {
  GOOD_OFFER,
  HOSTILE_CASES,
  SipPeer,
  goodCall,
  newCallIdOf,
  randomDatagrams,
  rawInvite,
  trackProcessErrors,
  until,
} from './hostile-sip-support.ts';
import type { RemoteAddress } from './sip/transport.ts';

/**
 * Issue 31 items 1 and 2: each hostile INVITE of the issue, then a flood of random datagrams,
 * over real UDP to a running answering endpoint and contact-centre simulator. Each gets the SIP
 * answer that fits (488 unusable offer, 415 not SDP, 400 malformed) or is dropped with one log
 * line, nothing escapes to the process, and a good INVITE is still answered 200 with media.
 */
const timers = { t1Ms: 20, t2Ms: 160, t4Ms: 200 };
const FLOOD = 2000;

let peer: SipPeer;
let tracker: ReturnType<typeof trackProcessErrors>;

beforeAll(async () => {
  peer = await SipPeer.open();
});
afterAll(async () => {
  await peer.close();
});
beforeEach(() => {
  tracker = trackProcessErrors();
});
afterEach(() => {
  tracker.dispose();
});

interface Target {
  name: string;
  number: string;
  uriParams?: string;
  start(log: (line: string) => void): Promise<{
    address: RemoteAddress;
    sip: AnsweringEndpoint;
    close(): Promise<void>;
  }>;
}

const TARGETS: Target[] = [
  {
    name: 'the answering endpoint',
    number: '+61290001001',
    async start(log) {
      const uas = await AnsweringEndpoint.start({
        timers,
        log,
        behaviours: { '+61290001001': { kind: 'answer', ringMs: 30, media: 'echo' } },
      });
      return { address: uas.address, sip: uas, close: () => uas.close() };
    },
  },
  {
    name: 'the contact-centre simulator',
    number: '+61290002000',
    uriParams: ';x-agent=agent-1;x-agent-type=VIRTUAL_AGENT;x-agent-region=Sydney',
    async start(log) {
      const agent = await loadReferenceSpeech('agent');
      const centre = await ContactCentre.start({
        timers,
        log,
        agentSpeech: { samples: agent.samples.subarray(0, 8000), sampleRate: agent.sampleRate },
        timing: { answerRingMs: 30, agentRingMs: 30 },
      });
      return { address: centre.address, sip: centre.sip, close: () => centre.close() };
    },
  },
];

describe.each(TARGETS)('$name under hostile SIP input', (target) => {
  const lines: string[] = [];
  let running: Awaited<ReturnType<Target['start']>>;

  beforeAll(async () => {
    running = await target.start((line) => lines.push(line));
  });
  afterAll(async () => {
    await running.close();
  });

  it.each(HOSTILE_CASES)('answers an INVITE with $name: $expected', async (hostile) => {
    const callId = newCallIdOf(hostile.name);
    const droppedBefore = running.sip.stack.transport.droppedCount;
    const linesBefore = lines.length;
    peer.send(
      rawInvite(peer.address, {
        ...hostile.parts,
        callId,
        number: target.number,
        target: running.address,
        ...(target.uriParams ? { uriParams: target.uriParams } : {}),
      }),
      running.address,
    );
    if (hostile.expected === 'dropped') {
      await until('the drop', () => running.sip.stack.transport.droppedCount > droppedBefore);
    } else {
      const response = await peer.finalResponse(callId);
      expect(response.status).toBe(hostile.expected);
      if (hostile.expected === 415) expect(response.headers.get('accept')).toBe('application/sdp');
      if (hostile.expected !== 400) {
        // Decided before ringing: no 180, no answer.
        const ringing = peer.messages.filter(
          (m) => m.kind === 'response' && m.headers.get('call-id') === callId && m.status === 180,
        );
        expect(ringing).toEqual([]);
      }
    }
    expect(lines.length - linesBefore).toBe(1); // one log line for what was refused
    expect(tracker.errors).toEqual([]);
  });

  it(`survives ${FLOOD} random datagrams, then answers a good INVITE with media`, async () => {
    const datagrams = randomDatagrams(FLOOD, running.address, peer.address);
    for (const [i, datagram] of datagrams.entries()) {
      peer.send(datagram, running.address);
      // Yield now and then so that the kernel's receive buffer is drained as a real flood is.
      if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
    }
    const { answer, rtpPackets } = await goodCall(peer, running.address, target.number, {
      ...(target.uriParams ? { uriParams: target.uriParams } : {}),
    });
    expect(answer.status).toBe(200);
    expect(rtpPackets).toBeGreaterThan(0);
    expect(running.sip.stack.transport.droppedCount).toBeGreaterThan(FLOOD / 2);
    expect(tracker.errors).toEqual([]);
  });
});

describe('a SIP stack with no answering side (the remote probe binds one)', () => {
  it(`survives ${FLOOD} random datagrams and still answers 481 to an INVITE`, async () => {
    const lines: string[] = [];
    const stack = await SipStack.create({ timers, log: (line) => lines.push(line) });
    try {
      const target = { address: stack.local.host, port: stack.local.port };
      for (const [i, datagram] of randomDatagrams(FLOOD, target, peer.address).entries()) {
        peer.send(datagram, target);
        if (i % 100 === 99) await new Promise((resolve) => setImmediate(resolve));
      }
      const callId = newCallIdOf('probe');
      peer.send(
        rawInvite(peer.address, { callId, number: '+1555', target, body: GOOD_OFFER(4000) }),
        target,
      );
      expect((await peer.finalResponse(callId)).status).toBe(481);
      expect(lines.length).toBeGreaterThan(0);
      expect(tracker.errors).toEqual([]);
    } finally {
      await stack.close();
    }
  });
});

describe('the contact-centre route of a hostile INVITE', () => {
  it('is read from the Request-URI without throwing, null when malformed', () => {
    expect(routeOfUri('sip:+1@127.0.0.1;x-agent=%E0%A4%A')).toBeNull();
    expect(routeOfUri('sip:+1@127.0.0.1;x-agent=;;=;x-agent-type=%')).toBeNull();
    expect(routeOfUri('sip:+1@127.0.0.1;x-agent=a%20b')?.agentId).toBe('a b');
  });
});
