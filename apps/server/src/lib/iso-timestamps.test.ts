import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer.ts';
import { IsoTimestamps } from './iso-timestamps.ts';

/** `times` written one after another, checked against toISOString. */
function expectIso(times: readonly number[]) {
  const iso = new IsoTimestamps();
  const w = new ByteWriter(8);
  for (const ms of times) {
    iso.write(w, ms);
    w.ensure(1);
    w.byte(10);
  }
  expect(w.bytes().toString()).toBe(times.map((ms) => `${new Date(ms).toISOString()}\n`).join(''));
}

describe('IsoTimestamps', () => {
  it('writes what toISOString writes, second by second and across minutes, days and years', () => {
    const start = Date.UTC(2026, 11, 31, 23, 58, 57, 5);
    expectIso(Array.from({ length: 200 }, (_, i) => start + i * 997));
  });

  it('writes times out of order, and odd ones, as toISOString does', () => {
    expectIso([
      Date.UTC(2026, 10, 23, 10, 0, 59, 999),
      Date.UTC(2026, 10, 23, 9, 0, 0, 0),
      0,
      1.5,
      Date.UTC(2026, 10, 23, 10, 0, 0, 0) + 0.25,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(10000, 0, 1),
      Date.UTC(1969, 11, 31, 23, 59, 59, 10),
    ]);
  });
});
