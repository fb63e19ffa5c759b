/** The largest finite value; null when there is none. */
export function maxOf(values: (number | null | undefined)[]): number | null {
  const v = values.filter((x): x is number => typeof x === 'number' && Number.isFinite(x));
  return v.length ? Math.max(...v) : null;
}

/** The sum when every value is known; else null. */
export function sumOf(values: (number | null | undefined)[]): number | null {
  return values.every((x): x is number => typeof x === 'number' && Number.isFinite(x))
    ? values.reduce<number>((a, b) => a + (b ?? 0), 0)
    : null;
}

export function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
