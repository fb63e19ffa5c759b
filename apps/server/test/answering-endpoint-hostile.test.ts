import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import type { AnsweringEndpoint } from '../src/adapters/dialler/answering-endpoint.ts';
import {
  HOSTILE_CASES,
  SipPeer,
  goodCall,
  newCallIdOf,
  rawInvite,
  trackProcessErrors,
  until,
} from '../src/adapters/dialler/hostile-sip-support.ts';
import {
  createCampaignDialling,
  type CampaignDialling,
} from '../src/services/campaigns/dialling.ts';
import { DEMO_ANSWERING_NUMBERS } from '../src/demo/answering-numbers.ts';

/**
 * Issue 31, "a restarted probe of the same bodies finds the server up after every one of them":
 * the built-in answering endpoint as the server starts it (createCampaignDialling, the demo
 * numbers) gets each hostile INVITE of the issue for +61290001001; after each, a new peer finds
 * it answering (486 from the busy demo number), and at the end a good call is answered with media.
 */
const ECHO = '+61290001001';
const BUSY = '+61290001002';

let dialling: CampaignDialling;
let uas: AnsweringEndpoint;
let tracker: ReturnType<typeof trackProcessErrors>;

beforeAll(async () => {
  tracker = trackProcessErrors();
  const log = { info: () => {}, warn: () => {}, error: () => {} };
  // The run engine is never started here: the endpoint is all this test reaches.
  const db = {} as Db;
  dialling = createCampaignDialling({ config: loadConfig({ DATA_DIR: 'memory://' }), db, log });
  uas = await dialling.answeringEndpoint();
});

afterAll(async () => {
  await dialling.stop();
  tracker.dispose();
});

describe('DIALLER_SIP_HOST', () => {
  it('is refused at start, by name, when it is not an IPv4 address (SDP carries literal ones)', () => {
    for (const value of ['pbx.example.com', '::1', '10.0.0'])
      expect(() => loadConfig({ DATA_DIR: 'memory://', DIALLER_SIP_HOST: value }), value).toThrow(
        /DIALLER_SIP_HOST/,
      );
    expect(
      loadConfig({ DATA_DIR: 'memory://', DIALLER_SIP_HOST: '10.0.0.5' }).DIALLER_SIP_HOST,
    ).toBe('10.0.0.5');
  });
});

describe('the answering endpoint the server starts, under hostile INVITEs', () => {
  it('uses the demo numbers', () => {
    expect(DEMO_ANSWERING_NUMBERS.map((n) => n.number)).toEqual(
      expect.arrayContaining([ECHO, BUSY]),
    );
  });

  it.each(HOSTILE_CASES)('is up after an INVITE with $name ($expected)', async (hostile) => {
    const attacker = await SipPeer.open();
    const probe = await SipPeer.open();
    try {
      const callId = newCallIdOf(hostile.name);
      const dropped = uas.stack.transport.droppedCount;
      attacker.send(
        rawInvite(attacker.address, {
          ...hostile.parts,
          callId,
          number: ECHO,
          target: uas.address,
        }),
        uas.address,
      );
      if (hostile.expected === 'dropped') {
        await until('the drop', () => uas.stack.transport.droppedCount > dropped);
      } else {
        expect((await attacker.finalResponse(callId)).status).toBe(hostile.expected);
      }
      const alive = newCallIdOf('alive');
      probe.send(
        rawInvite(probe.address, {
          callId: alive,
          number: BUSY,
          target: uas.address,
          body: '',
          contentType: null,
        }),
        uas.address,
      );
      expect((await probe.finalResponse(alive)).status).toBe(486);
      expect(tracker.errors).toEqual([]);
    } finally {
      await Promise.all([attacker.close(), probe.close()]);
    }
  });

  it('still answers a good call to the echo number with media, past the old crash time', async () => {
    const peer = await SipPeer.open();
    try {
      // The demo number rings 1 s: longer than the timer that used to throw for a bad offer.
      const { answer, rtpPackets } = await goodCall(peer, uas.address, ECHO);
      expect(answer.status).toBe(200);
      expect(rtpPackets).toBeGreaterThan(0);
      expect(tracker.errors).toEqual([]);
    } finally {
      await peer.close();
    }
  });
});
