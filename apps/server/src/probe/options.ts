/**
 * The command line of `npm run probe` (issue 18), validated with zod: each refusal names its
 * flag. The network flags set the probe's own profile, applied in its RTP sender; each one not
 * given keeps the region's default (services/synthetic/network-profile.ts).
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ProbeClaimBodySchema } from '@callsight/shared';
import {
  regionNetworkProfile,
  type NetworkProfile,
} from '../services/synthetic/network-profile.ts';

export const PROBE_USAGE =
  'Usage: npm run probe -- --region <connect region> --server <url> --key <API key> [--concurrency 2] [--sip-host 0.0.0.0] [--poll-ms 1000] [--latency-ms <0-1000>] [--jitter-ms <0-500>] [--loss-percent <0-100>]';

/** Limits of the network flags: beyond 1 s one way the echo latency is no longer found. */
export const PROBE_NETWORK_LIMITS = {
  latencyMs: { flag: '--latency-ms', max: 1000 },
  jitterMs: { flag: '--jitter-ms', max: 500 },
  lossPercent: { flag: '--loss-percent', max: 100 },
} as const;

/** A number flag: decimal text in [min, max], else "<flag> must be a number from min to max". */
function numberFlag(flag: string, min: number, max: number, whole = false) {
  const message = `${flag} must be ${whole ? 'a whole number' : 'a number'} from ${min} to ${max}`;
  return z
    .string({ error: message })
    .trim()
    .regex(whole ? /^\d+$/ : /^\d+(\.\d+)?$/, message)
    .transform(Number)
    .pipe(z.number().min(min, message).max(max, message));
}

const network = (key: keyof typeof PROBE_NETWORK_LIMITS) =>
  numberFlag(PROBE_NETWORK_LIMITS[key].flag, 0, PROBE_NETWORK_LIMITS[key].max).optional();

const ProbeFlagsSchema = z.object({
  region: ProbeClaimBodySchema.shape.region,
  server: z
    .string({ error: '--server is required' })
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), {
      error: '--server must be an http or https URL',
    }),
  key: z.string({ error: '--key is required' }).trim().min(1, '--key is required'),
  concurrency: numberFlag('--concurrency', 1, 50, true),
  'sip-host': z.string().trim().min(1, '--sip-host must not be blank'),
  'poll-ms': numberFlag('--poll-ms', 100, 3_600_000, true),
  'latency-ms': network('latencyMs'),
  'jitter-ms': network('jitterMs'),
  'loss-percent': network('lossPercent'),
});

export interface ProbeOptions {
  region: string;
  server: string;
  key: string;
  concurrency: number;
  sipHost: string;
  pollMs: number;
  /** The region's default profile with the flags given applied. */
  profile: NetworkProfile;
}

/** The probe's options from its arguments, or the first refusal in words (naming its flag). */
export function parseProbeArgs(
  args: readonly string[],
): { ok: true; options: ProbeOptions } | { ok: false; message: string } {
  let values: Record<string, string | boolean | undefined>;
  try {
    values = parseArgs({
      args: [...args],
      options: {
        region: { type: 'string' },
        server: { type: 'string' },
        key: { type: 'string' },
        concurrency: { type: 'string', default: '2' },
        'sip-host': { type: 'string', default: '0.0.0.0' },
        'poll-ms': { type: 'string', default: '1000' },
        'latency-ms': { type: 'string' },
        'jitter-ms': { type: 'string' },
        'loss-percent': { type: 'string' },
      },
    }).values;
  } catch (err) {
    return { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  const parsed = ProbeFlagsSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const flag = `--${String(issue?.path[0] ?? '')}`;
    const text = issue?.message ?? 'invalid arguments';
    return { ok: false, message: text.includes(flag) ? text : `${flag}: ${text}` };
  }
  const f = parsed.data;
  const base = regionNetworkProfile(f.region);
  return {
    ok: true,
    options: {
      region: f.region,
      server: f.server,
      key: f.key,
      concurrency: f.concurrency,
      sipHost: f['sip-host'],
      pollMs: f['poll-ms'],
      profile: {
        latencyMs: f['latency-ms'] ?? base.latencyMs,
        jitterMs: f['jitter-ms'] ?? base.jitterMs,
        lossPercent: f['loss-percent'] ?? base.lossPercent,
      },
    },
  };
}
