import { describe, expect, it } from 'vitest';
import {
  cidrContains,
  cidrContainsAddress,
  cidrExampleAddress,
  cidrsOverlap,
  formatIpAddress,
  isValidCidr,
  normalizeCidr,
  parseCidr,
  parseIpAddress,
  type CidrRange,
} from './cidr.ts';

const range = (text: string): CidrRange => {
  const r = parseCidr(text);
  if (!r) throw new Error(`not a CIDR: ${text}`);
  return r;
};
const ip = (text: string) => {
  const a = parseIpAddress(text);
  if (!a) throw new Error(`not an address: ${text}`);
  return a;
};

describe('parseIpAddress', () => {
  it('reads IPv4 dotted decimal', () => {
    expect(parseIpAddress('10.1.2.3')).toEqual({ version: 4, value: 0x0a010203n });
    expect(parseIpAddress('0.0.0.0')).toEqual({ version: 4, value: 0n });
    expect(parseIpAddress('255.255.255.255')).toEqual({ version: 4, value: 0xffffffffn });
    expect(parseIpAddress(' 192.168.0.1 ')?.value).toBe(0xc0a80001n);
  });

  it('refuses malformed IPv4', () => {
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.0.0.1',
      '01.2.3.4',
      '1.2.3.-4',
      '1..3.4',
      'a.b.c.d',
      '1.2.3.4 5',
      '1.2.3.4/',
    ]) {
      expect(parseIpAddress(bad), bad).toBeNull();
    }
  });

  it('reads IPv6 in full, compressed and mixed forms', () => {
    expect(parseIpAddress('2001:db8:0:0:0:0:0:1')?.value).toBe(0x20010db8000000000000000000000001n);
    expect(parseIpAddress('2001:DB8::1')?.value).toBe(0x20010db8000000000000000000000001n);
    expect(parseIpAddress('::')).toEqual({ version: 6, value: 0n });
    expect(parseIpAddress('::1')?.value).toBe(1n);
    expect(parseIpAddress('fe80::')?.value).toBe(0xfe80n << 112n);
    expect(parseIpAddress('::ffff:10.0.0.1')?.value).toBe((0xffffn << 32n) | 0x0a000001n);
    expect(parseIpAddress('::10.0.0.1')?.value).toBe(0x0a000001n);
    expect(parseIpAddress('1:2:3:4:5:6:1.2.3.4')?.value).toBe(0x0001000200030004000500060102_0304n);
    expect(parseIpAddress('1:2:3:4:5:6:7::')?.value).toBe(0x00010002000300040005000600070000n);
  });

  it('refuses malformed IPv6', () => {
    for (const bad of [
      ':::',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      ':1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:',
      '12345::',
      'g::1',
      'fe80::1%eth0',
      '::ffff:256.0.0.1',
      '1:2:3:4:5:6:7:1.2.3.4',
      '::1.2.3',
    ]) {
      expect(parseIpAddress(bad), bad).toBeNull();
    }
  });
});

describe('formatIpAddress (canonical text)', () => {
  it('writes IPv6 per RFC 5952: lower case, no leading zeros, longest zero run compressed', () => {
    expect(formatIpAddress(ip('2001:0DB8:0000:0000:0000:0000:0000:0001'))).toBe('2001:db8::1');
    expect(formatIpAddress(ip('2001:db8:0:0:1:0:0:1'))).toBe('2001:db8::1:0:0:1');
    expect(formatIpAddress(ip('2001:0:0:1:0:0:0:1'))).toBe('2001:0:0:1::1');
    expect(formatIpAddress(ip('2001:db8:0:1:1:1:1:1'))).toBe('2001:db8:0:1:1:1:1:1');
    expect(formatIpAddress(ip('0:0:0:0:0:0:0:0'))).toBe('::');
    expect(formatIpAddress(ip('1:0:0:0:0:0:0:0'))).toBe('1::');
    expect(formatIpAddress(ip('::ffff:0a00:0001'))).toBe('::ffff:10.0.0.1');
  });
  it('writes IPv4 in dotted decimal', () => {
    expect(formatIpAddress(ip('10.0.0.255'))).toBe('10.0.0.255');
  });
});

describe('parseCidr / normalizeCidr', () => {
  it('accepts IPv4 /0 to /32 and clears host bits', () => {
    expect(normalizeCidr('10.0.0.0/8')).toBe('10.0.0.0/8');
    expect(normalizeCidr(' 10.1.2.3/8 ')).toBe('10.0.0.0/8');
    expect(normalizeCidr('192.168.1.77/24')).toBe('192.168.1.0/24');
    expect(normalizeCidr('1.2.3.4/0')).toBe('0.0.0.0/0');
    expect(normalizeCidr('1.2.3.4/32')).toBe('1.2.3.4/32');
    expect(normalizeCidr('172.16.5.4/12')).toBe('172.16.0.0/12');
    expect(parseCidr('10.0.0.0/8')).toMatchObject({ version: 4, prefix: 8, network: 0x0a000000n });
  });

  it('accepts IPv6 /0 to /128 in canonical form', () => {
    expect(normalizeCidr('2001:DB8::1/32')).toBe('2001:db8::/32');
    expect(normalizeCidr('2001:db8:abcd:12::/64')).toBe('2001:db8:abcd:12::/64');
    expect(normalizeCidr('::/0')).toBe('::/0');
    expect(normalizeCidr('::1/128')).toBe('::1/128');
    expect(normalizeCidr('fe80::1234/10')).toBe('fe80::/10');
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '10.0.0.0',
      '10.0.0.0/',
      '10.0.0.0/33',
      '10.0.0.0/08',
      '10.0.0.0/-1',
      '10.0.0.0/8/8',
      '10.0.0.0 /8',
      '10.0.0/8',
      '300.0.0.0/8',
      'ten/8',
      '2001:db8::/129',
      '2001:db8::',
      '/24',
      '10.0.0.0/8 label',
      `${'1'.repeat(80)}/8`,
    ]) {
      expect(isValidCidr(bad), bad).toBe(false);
    }
  });
});

describe('containment and overlap', () => {
  it('a range contains itself and its sub-ranges, not its super-ranges', () => {
    expect(cidrContains(range('10.0.0.0/8'), range('10.0.0.0/8'))).toBe(true);
    expect(cidrContains(range('10.0.0.0/8'), range('10.20.0.0/16'))).toBe(true);
    expect(cidrContains(range('10.20.0.0/16'), range('10.0.0.0/8'))).toBe(false);
    expect(cidrContains(range('10.0.0.0/8'), range('11.0.0.0/16'))).toBe(false);
    expect(cidrContains(range('0.0.0.0/0'), range('203.0.113.9/32'))).toBe(true);
    expect(cidrContains(range('2001:db8::/32'), range('2001:db8:1::/48'))).toBe(true);
    expect(cidrContains(range('2001:db8::/32'), range('2001:db9::/48'))).toBe(false);
    expect(cidrContains(range('::/0'), range('2001:db8::/32'))).toBe(true);
  });

  it('IPv4 and IPv6 ranges are disjoint, except IPv4-mapped IPv6', () => {
    expect(cidrContains(range('::/0'), range('10.0.0.0/8'))).toBe(true);
    expect(cidrContains(range('0.0.0.0/0'), range('2001:db8::/32'))).toBe(false);
    expect(cidrContains(range('10.0.0.0/8'), range('::ffff:10.1.0.0/112'))).toBe(true);
    expect(cidrContains(range('::ffff:10.0.0.0/104'), range('10.1.0.0/16'))).toBe(true);
    expect(cidrContains(range('2001:db8::/32'), range('10.0.0.0/8'))).toBe(false);
  });

  it('overlap is nesting in either direction', () => {
    expect(cidrsOverlap(range('10.0.0.0/8'), range('10.1.0.0/16'))).toBe(true);
    expect(cidrsOverlap(range('10.1.0.0/16'), range('10.0.0.0/8'))).toBe(true);
    expect(cidrsOverlap(range('10.0.0.0/16'), range('10.1.0.0/16'))).toBe(false);
    expect(cidrsOverlap(range('192.168.0.0/24'), range('192.168.1.0/24'))).toBe(false);
  });

  it('tests addresses at the range edges, in both families', () => {
    const r = range('192.168.1.0/24');
    expect(cidrContainsAddress(r, ip('192.168.1.0'))).toBe(true);
    expect(cidrContainsAddress(r, ip('192.168.1.255'))).toBe(true);
    expect(cidrContainsAddress(r, ip('192.168.2.0'))).toBe(false);
    expect(cidrContainsAddress(r, ip('192.168.0.255'))).toBe(false);
    expect(cidrContainsAddress(r, ip('::ffff:192.168.1.10'))).toBe(true);
    expect(cidrContainsAddress(range('1.2.3.4/32'), ip('1.2.3.4'))).toBe(true);
    expect(cidrContainsAddress(range('1.2.3.4/32'), ip('1.2.3.5'))).toBe(false);
    const v6 = range('2001:db8::/126');
    expect(cidrContainsAddress(v6, ip('2001:db8::3'))).toBe(true);
    expect(cidrContainsAddress(v6, ip('2001:db8::4'))).toBe(false);
    expect(cidrContainsAddress(range('0.0.0.0/0'), ip('2001:db8::1'))).toBe(false);
  });
});

describe('cidrExampleAddress', () => {
  it('uses the /24 network of a typed IPv4 address, else a default', () => {
    expect(cidrExampleAddress('10.1.2.3')).toBe('10.1.2.0');
    expect(cidrExampleAddress('10.1.2.3/40')).toBe('10.1.2.0');
    expect(cidrExampleAddress('2001:DB8::1/200')).toBe('2001:db8::1');
    expect(cidrExampleAddress('office')).toBe('192.168.1.0');
    expect(cidrExampleAddress('')).toBe('192.168.1.0');
  });
});
