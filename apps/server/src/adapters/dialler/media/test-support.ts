/**
 * Test helper: the value, or a failed test when it is missing (instead of a non-null `!`:
 * a test that reads past what it received must fail with a message, not a TypeError).
 */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined)
    throw new Error(`expected a ${what}, got ${String(value)}`);
  return value;
}
