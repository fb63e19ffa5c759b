/**
 * The campaign "answer treatment" (issue 17): keys sent as DTMF after answer. Grammar:
 * 0-9 * # A-D are keys; `w` or `W` is a 0.5 s pause; `w{n}` is n seconds (n may be decimal);
 * `{$Key}` is replaced by the CSV row's `Key` column, whose value may hold keys and pauses.
 */
import { isDtmfDigit, type DtmfDigit } from './dtmf.ts';

export type TreatmentStep = { kind: 'digit'; digit: DtmfDigit } | { kind: 'pause'; ms: number };

/** A treatment that cannot be sent; `message` names the bad token or the missing key. */
export class AnswerTreatmentError extends Error {
  constructor(
    message: string,
    /** Index in the treatment text where the problem starts. */
    readonly position: number,
  ) {
    super(message);
    this.name = 'AnswerTreatmentError';
  }
}

const SHORT_PAUSE_MS = 500;
const PLACEHOLDER = /^\{\$([^{}$]+)\}/;
const WAIT_GROUP = /^[wW]\{([^}]*)\}/;

/**
 * Parses a treatment into steps, filling placeholders from `row` (CSV header -> value).
 * Adjacent pauses are merged. Throws AnswerTreatmentError.
 */
export function parseAnswerTreatment(
  text: string,
  row: Readonly<Record<string, string | undefined>> = {},
): TreatmentStep[] {
  const steps: TreatmentStep[] = [];
  parseInto(text.trim(), row, steps, null);
  return steps;
}

/**
 * The treatment as a call sends it: placeholders replaced by the row's values (checked as
 * parseAnswerTreatment checks them; throws AnswerTreatmentError).
 */
export function fillAnswerTreatment(
  text: string,
  row: Readonly<Record<string, string | undefined>> = {},
): string {
  parseAnswerTreatment(text, row);
  return text.trim().replace(/\{\$([^{}$]+)\}/g, (_m, key: string) => (row[key] ?? '').trim());
}

/** The `{$Key}` names a treatment uses, in order of first use. */
export function answerTreatmentPlaceholders(text: string): string[] {
  const keys: string[] = [];
  for (const m of text.matchAll(/\{\$([^{}$]+)\}/g)) {
    const key = m[1];
    if (key !== undefined && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

function parseInto(
  text: string,
  row: Readonly<Record<string, string | undefined>>,
  steps: TreatmentStep[],
  insideKey: string | null,
): void {
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    const rest = text.slice(i);
    if (isDtmfDigit(c)) {
      steps.push({ kind: 'digit', digit: c });
      i += 1;
      continue;
    }
    if (c === 'w' || c === 'W') {
      const group = WAIT_GROUP.exec(rest);
      if (group) {
        const n = group[1] ?? '';
        if (!/^\d+(\.\d+)?$/.test(n)) {
          throw fail(
            `Invalid wait group ${group[0]} in the answer treatment: {n} must be a number of seconds`,
            i,
            insideKey,
          );
        }
        pushPause(steps, Math.round(Number(n) * 1000));
        i += group[0].length;
      } else if (rest.startsWith(`${c}{`)) {
        throw fail(`Unclosed wait group ${rest.slice(0, 8)} in the answer treatment`, i, insideKey);
      } else {
        pushPause(steps, SHORT_PAUSE_MS);
        i += 1;
      }
      continue;
    }
    if (c === '{') {
      const placeholder = PLACEHOLDER.exec(rest);
      if (!placeholder) {
        throw fail(
          `Invalid placeholder ${token(rest)} in the answer treatment: write {$Key}`,
          i,
          insideKey,
        );
      }
      const key = placeholder[1] ?? '';
      if (insideKey !== null) {
        throw fail(
          `Placeholder {$${key}} inside the value of {$${insideKey}} is not allowed`,
          i,
          insideKey,
        );
      }
      const value = Object.hasOwn(row, key) ? row[key] : undefined;
      if (value === undefined) {
        throw new AnswerTreatmentError(`Unknown placeholder {$${key}} in the answer treatment`, i);
      }
      try {
        parseInto(value.trim(), row, steps, key);
      } catch (e) {
        if (e instanceof AnswerTreatmentError) throw new AnswerTreatmentError(e.message, i);
        throw e;
      }
      i += placeholder[0].length;
      continue;
    }
    throw fail(`Invalid character "${c}" in the answer treatment`, i, insideKey);
  }
}

function pushPause(steps: TreatmentStep[], ms: number): void {
  const last = steps.at(-1);
  if (last?.kind === 'pause') last.ms += ms;
  else if (ms > 0) steps.push({ kind: 'pause', ms });
}

function token(rest: string): string {
  const close = rest.indexOf('}');
  return close >= 0 && close < 40 ? rest.slice(0, close + 1) : rest.slice(0, 12);
}

function fail(message: string, position: number, insideKey: string | null): AnswerTreatmentError {
  const where = insideKey === null ? message : `${message} (value of {$${insideKey}})`;
  return new AnswerTreatmentError(where, position);
}

export interface TimedDigit {
  digit: DtmfDigit;
  /** Start of the tone, from the start of the treatment. */
  atMs: number;
}

/**
 * When each key starts: tones last toneMs; between two tones there is the sum of the pauses
 * written between them, or gapMs when none is written (so `1w2` leaves exactly 500 ms of silence).
 */
export function scheduleTreatment(
  steps: readonly TreatmentStep[],
  options: { toneMs?: number; gapMs?: number } = {},
): { digits: TimedDigit[]; totalMs: number } {
  const toneMs = options.toneMs ?? 100;
  const gapMs = options.gapMs ?? 60;
  const digits: TimedDigit[] = [];
  let t = 0;
  let pendingPause = 0;
  for (const step of steps) {
    if (step.kind === 'pause') {
      pendingPause += step.ms;
      continue;
    }
    if (digits.length > 0) t += pendingPause > 0 ? pendingPause : gapMs;
    else t += pendingPause;
    pendingPause = 0;
    digits.push({ digit: step.digit, atMs: t });
    t += toneMs;
  }
  return { digits, totalMs: t + pendingPause };
}
