import { describe, expect, it } from 'vitest';
import { groupInitials, regionalPrefix } from './constants.ts';
import { EmailSchema } from './validation.ts';

describe('groupInitials', () => {
  it('takes first letters of the first two words, or two letters of one word', () => {
    expect(groupInitials('acme support team')).toBe('AS');
    expect(groupInitials('sales')).toBe('SA');
    expect(groupInitials('  ')).toBe('');
  });
});

describe('regionalPrefix', () => {
  it('is empty for the default region and a dash plus the region otherwise', () => {
    expect(regionalPrefix('ap-southeast-2')).toBe('');
    expect(regionalPrefix('us-east-2')).toBe('-us-east-2');
  });
});

describe('EmailSchema', () => {
  it('accepts local domains, lower-cases, and rejects with the spec text', () => {
    expect(EmailSchema.parse(' Admin@LocalHost ')).toBe('admin@localhost');
    const r = EmailSchema.safeParse('no-at-sign');
    expect(r.success ? '' : r.error.issues[0]?.message).toBe('Invalid email address');
  });
});
