/** IP addresses and CIDR ranges, IPv4 and IPv6, as exact bigints (no I/O, runs in browser and Node). */

export type IpVersion = 4 | 6;

/** An address in its own family's width (32 or 128 bits). */
export interface IpAddress {
  version: IpVersion;
  value: bigint;
}

/** A parsed range: the network address has its host bits cleared; `text` is the canonical form. */
export interface CidrRange {
  version: IpVersion;
  network: bigint;
  prefix: number;
  text: string;
}

const WIDTH: Record<IpVersion, number> = { 4: 32, 6: 128 };
/** IPv4 lives in IPv6 space as ::ffff:a.b.c.d (RFC 4291 §2.5.5.2); comparing there unifies both families. */
const V4_MAPPED = 0xffffn << 32n;
const V4_IN_V6_BITS = 96;
const IPV4_PART = /^(0|[1-9]\d{0,2})$/;
const IPV6_GROUP = /^[0-9a-fA-F]{1,4}$/;
const PREFIX = /^(0|[1-9]\d{0,2})$/;
/** Example address of the CIDR error text when the input gives no usable address. */
export const DEFAULT_CIDR_EXAMPLE_ADDRESS = '192.168.1.0';

function parseIpv4(text: string): bigint | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!IPV4_PART.test(part)) return null;
    const n = Number(part);
    if (n > 255) return null;
    value = (value << 8n) | BigInt(n);
  }
  return value;
}

function parseIpv6(text: string): bigint | null {
  if (text.length > 45 || text.includes('%')) return null;
  let body = text;
  let tailV4: bigint | null = null;
  const lastColon = body.lastIndexOf(':');
  if (lastColon >= 0 && body.slice(lastColon + 1).includes('.')) {
    tailV4 = parseIpv4(body.slice(lastColon + 1));
    if (tailV4 === null) return null;
    // Keep a trailing '::' intact ("::1.2.3.4"); drop a single separating colon.
    body = body.slice(0, lastColon + 1);
    if (!body.endsWith('::')) body = body.slice(0, -1);
  }
  const groupsNeeded = tailV4 === null ? 8 : 6;
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (!IPV6_GROUP.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  let groups: number[];
  if (halves.length === 2) {
    const head = toGroups(halves[0] ?? '');
    const tail = toGroups(halves[1] ?? '');
    if (!head || !tail || head.length + tail.length > groupsNeeded - 1) return null;
    groups = [
      ...head,
      ...new Array<number>(groupsNeeded - head.length - tail.length).fill(0),
      ...tail,
    ];
  } else {
    const all = toGroups(body);
    if (!all || all.length !== groupsNeeded) return null;
    groups = all;
  }
  let value = 0n;
  for (const g of groups) value = (value << 16n) | BigInt(g);
  if (tailV4 !== null) value = (value << 32n) | tailV4;
  return value;
}

/** Parses a textual IPv4 (dotted decimal, no leading zeros) or IPv6 address; null when invalid. */
export function parseIpAddress(text: string): IpAddress | null {
  const t = text.trim();
  if (t.includes(':')) {
    const value = parseIpv6(t);
    return value === null ? null : { version: 6, value };
  }
  const value = parseIpv4(t);
  return value === null ? null : { version: 4, value };
}

function formatIpv4(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => String((value >> shift) & 0xffn)).join('.');
}

function formatIpv6(value: bigint): string {
  const groups: number[] = [];
  for (let i = 7; i >= 0; i--) groups.push(Number((value >> BigInt(i * 16)) & 0xffffn));
  // IPv4-mapped addresses keep the dotted tail (RFC 5952 §5).
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `::ffff:${formatIpv4(value & 0xffffffffn)}`;
  }
  // Compress the longest run of two or more zero groups, the first one on a tie (RFC 5952 §4.2).
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  const head = hex.slice(0, bestStart).join(':');
  const tail = hex.slice(bestStart + bestLength).join(':');
  return `${head}::${tail}`;
}

/** The canonical text of an address (dotted decimal; RFC 5952 lower-case compressed IPv6). */
export function formatIpAddress(address: IpAddress): string {
  return address.version === 4 ? formatIpv4(address.value) : formatIpv6(address.value);
}

function hostMask(version: IpVersion, prefix: number): bigint {
  return (1n << BigInt(WIDTH[version] - prefix)) - 1n;
}

/**
 * Parses `address/prefix` (IPv4 /0-32 or IPv6 /0-128). Host bits may be set in the input;
 * they are cleared in the result, so `10.1.2.3/8` reads as `10.0.0.0/8`. Null when invalid.
 */
export function parseCidr(text: string): CidrRange | null {
  const t = text.trim();
  if (t.length > 64) return null;
  const parts = t.split('/');
  if (parts.length !== 2) return null;
  const [addressText = '', prefixText = ''] = parts;
  if (!PREFIX.test(prefixText)) return null;
  const address = parseIpAddress(addressText);
  if (!address || addressText !== addressText.trim()) return null;
  const prefix = Number(prefixText);
  if (prefix > WIDTH[address.version]) return null;
  const network = address.value & ~hostMask(address.version, prefix);
  const canonical = `${formatIpAddress({ version: address.version, value: network })}/${prefix}`;
  return { version: address.version, network, prefix, text: canonical };
}

/** The canonical text of a CIDR range (network address / prefix), or null when invalid. */
export function normalizeCidr(text: string): string | null {
  return parseCidr(text)?.text ?? null;
}

/** True when the text is a valid IPv4 or IPv6 CIDR range. */
export function isValidCidr(text: string): boolean {
  return parseCidr(text) !== null;
}

interface Unified {
  start: bigint;
  bits: number;
}

function unifyRange(range: CidrRange): Unified {
  return range.version === 4
    ? { start: V4_MAPPED | range.network, bits: range.prefix + V4_IN_V6_BITS }
    : { start: range.network, bits: range.prefix };
}

function unifyAddress(address: IpAddress): bigint {
  return address.version === 4 ? V4_MAPPED | address.value : address.value;
}

function sameNetwork(a: bigint, b: bigint, bits: number): boolean {
  const shift = BigInt(128 - bits);
  return a >> shift === b >> shift;
}

/** True when every address of `inner` lies in `outer` (equal ranges contain each other). */
export function cidrContains(outer: CidrRange, inner: CidrRange): boolean {
  const o = unifyRange(outer);
  const i = unifyRange(inner);
  return i.bits >= o.bits && sameNetwork(o.start, i.start, o.bits);
}

/** True when two ranges share any address (CIDR ranges either nest or are disjoint). */
export function cidrsOverlap(a: CidrRange, b: CidrRange): boolean {
  return cidrContains(a, b) || cidrContains(b, a);
}

/**
 * True when the address lies in the range. IPv4 and IPv4-mapped IPv6 (::ffff:a.b.c.d) are the
 * same address, so a socket's mapped address matches an IPv4 range.
 */
export function cidrContainsAddress(range: CidrRange, address: IpAddress): boolean {
  const r = unifyRange(range);
  return sameNetwork(r.start, unifyAddress(address), r.bits);
}

/**
 * The address to show in the CIDR error example: the /24 network of a typed IPv4 address, a
 * typed IPv6 address as is, otherwise a private-range default.
 */
export function cidrExampleAddress(input: string): string {
  const address = parseIpAddress(input.trim().split('/')[0] ?? '');
  if (!address) return DEFAULT_CIDR_EXAMPLE_ADDRESS;
  if (address.version === 6) return formatIpAddress(address);
  return formatIpAddress({ version: 4, value: address.value & ~0xffn });
}
