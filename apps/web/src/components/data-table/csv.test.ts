import { describe, expect, it } from 'vitest';
import { toCsv } from './csv.ts';

describe('toCsv', () => {
  it('writes a header and rows, quoting cells that need it', () => {
    expect(
      toCsv(
        ['Agent', 'Text'],
        [
          ['alice', 'plain'],
          ['bob', 'said "hi", then\nleft'],
        ],
      ),
    ).toBe('Agent,Text\r\nalice,plain\r\nbob,"said ""hi"", then\nleft"\r\n');
  });
});
