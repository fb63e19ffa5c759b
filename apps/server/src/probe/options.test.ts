import { describe, expect, it } from 'vitest';
import { regionNetworkProfile } from '../services/synthetic/network-profile.ts';
import { parseProbeArgs } from './options.ts';

const base = ['--region', 'Sydney', '--server', 'http://127.0.0.1:5000', '--key', 'k'];
const refusal = (args: string[]) => {
  const parsed = parseProbeArgs(args);
  return parsed.ok ? null : parsed.message;
};

describe('npm run probe: its arguments', () => {
  it("keeps the region's network profile without the network flags", () => {
    const parsed = parseProbeArgs(base);
    expect(parsed).toEqual({
      ok: true,
      options: {
        region: 'Sydney',
        server: 'http://127.0.0.1:5000',
        key: 'k',
        concurrency: 2,
        sipHost: '0.0.0.0',
        pollMs: 1000,
        profile: regionNetworkProfile('Sydney'),
      },
    });
  });

  it('sets its own latency, jitter and loss; a flag not given keeps the region’s', () => {
    const all = parseProbeArgs([
      ...base,
      '--latency-ms',
      '80',
      '--jitter-ms',
      '2.5',
      '--loss-percent',
      '10',
    ]);
    expect(all.ok && all.options.profile).toEqual({
      latencyMs: 80,
      jitterMs: 2.5,
      lossPercent: 10,
    });
    const london = parseProbeArgs([
      '--region',
      'London',
      '--server',
      'https://callsight.example.com',
      '--key',
      'k',
      '--loss-percent',
      '0',
    ]);
    expect(london.ok && london.options.profile).toEqual({
      ...regionNetworkProfile('London'),
      lossPercent: 0,
    });
  });

  it('refuses a wrong value, naming its flag', () => {
    expect(refusal([...base, '--loss-percent', '150'])).toBe(
      '--loss-percent must be a number from 0 to 100',
    );
    expect(refusal([...base, '--loss-percent=-1'])).toBe(
      '--loss-percent must be a number from 0 to 100',
    );
    expect(refusal([...base, '--latency-ms', 'fast'])).toBe(
      '--latency-ms must be a number from 0 to 1000',
    );
    expect(refusal([...base, '--jitter-ms', '600'])).toBe(
      '--jitter-ms must be a number from 0 to 500',
    );
    expect(refusal([...base, '--concurrency', '0'])).toBe(
      '--concurrency must be a whole number from 1 to 50',
    );
    expect(refusal([...base, '--poll-ms', '10'])).toBe(
      '--poll-ms must be a whole number from 100 to 3600000',
    );
    expect(refusal(['--server', 'http://x', '--key', 'k'])).toMatch(
      /^--region: region must be one of/,
    );
    expect(refusal(['--region', 'Sydney', '--server', 'ftp://x', '--key', 'k'])).toBe(
      '--server must be an http or https URL',
    );
    expect(refusal(['--region', 'Sydney', '--server', 'http://x'])).toBe('--key is required');
    expect(refusal([...base, '--loss', '5'])).toMatch(/Unknown option '--loss'/);
  });
});
