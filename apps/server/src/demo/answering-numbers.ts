import type { UasBehaviour } from '../adapters/dialler/answering-endpoint.ts';

/**
 * The demo group's allowlisted "To" numbers and how the built-in answering endpoint treats each
 * (issue 17): a campaign against them gives these outcomes exactly. Numbers not listed are
 * answered after a one-second ring with echoed audio.
 */
export const DEMO_ANSWERING_NUMBERS: { number: string; label: string; behaviour: UasBehaviour }[] =
  [
    {
      number: '+61290001001',
      label: 'rings 1 s, answers, echoes audio',
      behaviour: { kind: 'answer', ringMs: 1000, media: 'echo' },
    },
    { number: '+61290001002', label: 'busy (486)', behaviour: { kind: 'reject', status: 486 } },
    { number: '+61290001003', label: 'never answers', behaviour: { kind: 'noAnswer' } },
    {
      number: '+61290001004',
      label: 'fails (503)',
      behaviour: { kind: 'reject', status: 503, ringMs: 200 },
    },
    {
      number: '+61290001005',
      label: 'answers, hangs up after 2 s',
      behaviour: { kind: 'answer', ringMs: 500, hangupAfterMs: 2000, media: 'echo' },
    },
    {
      number: '+61290001006',
      label: 'answers, collects DTMF',
      behaviour: { kind: 'answer', ringMs: 500, media: 'collectDtmf' },
    },
  ];

export const DEMO_DEFAULT_BEHAVIOUR: UasBehaviour = { kind: 'answer', ringMs: 1000, media: 'echo' };

/** The demo group's "From" numbers and calls-per-second limit. */
export const DEMO_FROM_NUMBERS = ['+61290000100', '+61290000101'];
export const DEMO_CPS_LIMIT = 10;

/** The demo group's Simulate config entries (stored as the config service stores them). */
export function demoSimulateEntries(): { key: string; value: string }[] {
  return [
    { key: 'SIMULATE_CALLS_PER_SECOND', value: String(DEMO_CPS_LIMIT) },
    { key: 'SIMULATE_FROM_NUMBERS', value: JSON.stringify(DEMO_FROM_NUMBERS) },
    {
      key: 'SIMULATE_ALLOWED_TO_NUMBERS',
      value: JSON.stringify(DEMO_ANSWERING_NUMBERS.map((n) => n.number)),
    },
  ];
}
