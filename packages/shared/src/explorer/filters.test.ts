import { describe, expect, it } from 'vitest';
import { filtersToQuery, numericFilterRange, operatorsFor, parseFilterNumber } from './filters.ts';

describe('numericFilterRange (spec 002 §7.3)', () => {
  it("'>=' sets To to 999999, '<=' sets From to 0, '=' sets both", () => {
    expect(numericFilterRange('>=', '3.5')).toEqual({ from: 3.5, to: 999999 });
    expect(numericFilterRange('<=', '120')).toEqual({ from: 0, to: 120 });
    expect(numericFilterRange('=', '4')).toEqual({ from: 4, to: 4 });
  });
  it('ignores a value that does not parse as a number', () => {
    for (const text of ['abc', '', ' ', '3.5x', '1,5', 'NaN', 'Infinity', '--1'])
      expect(numericFilterRange('>=', text)).toBeNull();
  });
  it('divides a typed percent into a fraction but not the filled-in bounds', () => {
    expect(numericFilterRange('>=', '2', 100)).toEqual({ from: 0.02, to: 999999 });
    expect(numericFilterRange('<=', '1.5', 100)).toEqual({ from: 0, to: 0.015 });
  });
});

describe('parseFilterNumber', () => {
  it('reads what a person types, spaces and exponents included', () => {
    expect(parseFilterNumber(' 40 ')).toBe(40);
    expect(parseFilterNumber('.5')).toBe(0.5);
    expect(parseFilterNumber('-2')).toBe(-2);
    expect(parseFilterNumber('1e3')).toBe(1000);
    expect(parseFilterNumber('0x10')).toBeNull();
  });
});

describe('filtersToQuery', () => {
  it('sends text fields as field=value and numeric ones as From/To', () => {
    expect(
      filtersToQuery('calls', [
        { field: 'agent', operator: '=', value: ' alice ' },
        { field: 'mos', operator: '>=', value: '3.5' },
        { field: 'packetsLostFraction', operator: '<=', value: '1' },
      ]),
    ).toEqual({
      agent: 'alice',
      mosFrom: '3.5',
      mosTo: '999999',
      packetsLostFractionFrom: '0',
      packetsLostFractionTo: '0.01',
    });
  });
  it('narrows several filters of one numeric field and ORs several text values', () => {
    expect(
      filtersToQuery('calls', [
        { field: 'rtt', operator: '>=', value: '100' },
        { field: 'rtt', operator: '<=', value: '300' },
        { field: 'agent', operator: '=', value: 'a' },
        { field: 'agent', operator: '=', value: 'b' },
        { field: 'agent', operator: '=', value: 'a' },
      ]),
    ).toEqual({ rttFrom: '100', rttTo: '300', agent: ['a', 'b'] });
  });
  it('ignores unparseable numbers, incomplete filters and fields of the other list', () => {
    expect(
      filtersToQuery('calls', [
        { field: 'mos', operator: '>=', value: 'good' },
        { field: 'agent', operator: '=', value: '  ' },
        { field: 'level', operator: '=', value: 'ERROR' },
        { field: 'agent', operator: '>=', value: 'x' },
      ]),
    ).toEqual({});
    expect(
      filtersToQuery('logs', [
        { field: 'level', operator: '=', value: 'ERROR' },
        { field: 'mos', operator: '=', value: '3' },
      ]),
    ).toEqual({ level: 'ERROR' });
  });
  it('offers all operators for numeric fields and = for text fields', () => {
    expect(operatorsFor('jitter')).toEqual(['=', '>=', '<=']);
    expect(operatorsFor('agentISP')).toEqual(['=']);
  });
});
