import { describe, expect, it } from 'vitest';
import { ApiTokenCreateSchema } from './schemas.ts';
import { API_KEY, maskApiKey } from './constants.ts';

describe('ApiTokenCreateSchema (spec 000 §5)', () => {
  it('requires a non-blank name and trims it', () => {
    expect(ApiTokenCreateSchema.parse({ name: '  Ingest  ' })).toEqual({ name: 'Ingest' });
    const blank = ApiTokenCreateSchema.safeParse({ name: '   ' });
    expect(blank.success ? '' : blank.error.issues[0]?.message).toBe('Required (Name)');
    const missing = ApiTokenCreateSchema.safeParse({});
    expect(missing.success ? '' : missing.error.issues[0]?.message).toBe('Required (Name)');
    expect(
      ApiTokenCreateSchema.safeParse({ name: 'x'.repeat(API_KEY.nameMaxLength + 1) }).success,
    ).toBe(false);
  });
});

describe('maskApiKey', () => {
  it('keeps the visible prefix and masks the rest', () => {
    expect(maskApiKey('cs_AbCd')).toBe('cs_AbCd••••••••••••');
  });
});
