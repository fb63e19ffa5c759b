import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../../test/support/free-port.ts';
import { skipWithout } from '../../../../test/support/peers.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SipStack } from './stack.ts';
import { placeCall } from './uac.ts';

/**
 * Interop with an independent SIP implementation: SIPp's built-in UAS scenario (`-sn uas`,
 * which answers 180 then 200 and expects our ACK and BYE). SIPp is the field's reference tool;
 * .ci/run installs it (Debian package sip-tester). Skipped where `sipp` is not installed, but
 * in CI, where its absence fails the run.
 */
const hasSipp = spawnSync('sipp', ['-v']).error === undefined;

describe.skipIf(skipWithout(hasSipp, 'SIPp (sipp)'))('SIPp as the far end', () => {
  let sipp: ChildProcess;
  let port: number;
  let stack: SipStack;

  beforeAll(async () => {
    port = await freePort();
    sipp = spawn('sipp', ['-sn', 'uas', '-i', '127.0.0.1', '-p', String(port), '-m', '1', '-bg'], {
      stdio: 'ignore',
    });
    // SIPp with -bg forks; give it a moment to bind.
    await new Promise((r) => setTimeout(r, 500));
    stack = await SipStack.create({});
  });

  afterAll(async () => {
    await stack.close();
    sipp.kill();
    spawnSync('pkill', ['-f', `sipp -sn uas -i 127.0.0.1 -p ${port}`]);
  });

  it('places a call SIPp answers, then ends it with BYE after the call duration', async () => {
    const result = await placeCall({
      stack,
      destination: { address: '127.0.0.1', port },
      requestUri: `sip:service@127.0.0.1:${port}`,
      fromUri: 'sip:callsight@127.0.0.1',
      noAnswerTimeoutMs: 5_000,
      callDurationMs: 300,
    });
    expect(result.outcome).toBe('completed');
    expect(result.statusCode).toBe(200);
    const types = result.events.map((e) => e.type);
    expect(types).toEqual(['initiated', 'ringing', 'inProgress', 'completed']);
    const at = Object.fromEntries(result.events.map((e) => [e.type, e.atMs]));
    expect((at.completed ?? 0) - (at.inProgress ?? 0)).toBeGreaterThanOrEqual(300);
  });
});
