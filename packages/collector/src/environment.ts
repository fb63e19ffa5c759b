/** What the collector can learn about the agent's browser and network on its own. */

interface NavigatorLike {
  userAgent?: string;
  userAgentData?: { brands?: { brand: string; version: string }[] };
  connection?: { type?: string };
  onLine?: boolean;
}

const BRAND_NAMES: Record<string, string> = {
  'Google Chrome': 'Chrome',
  'Microsoft Edge': 'Edge',
  Opera: 'Opera',
  Brave: 'Brave',
  Chromium: 'Chromium',
};

/** Browser name and version: User-Agent Client Hints when offered, else the user agent string. */
export function browserInfo(
  nav: NavigatorLike | undefined,
): { name: string; version: string | null } | null {
  const brands = nav?.userAgentData?.brands ?? [];
  const known = Object.keys(BRAND_NAMES)
    .map((brand) => brands.find((b) => b.brand === brand))
    .find((b) => b !== undefined);
  if (known) return { name: BRAND_NAMES[known.brand] ?? known.brand, version: known.version };

  const ua = nav?.userAgent ?? '';
  const patterns: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Firefox', /Firefox\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari\//],
  ];
  for (const [name, re] of patterns) {
    const m = re.exec(ua);
    if (m) return { name, version: m[1] ?? null };
  }
  return null;
}

const NETWORK_TYPES = new Set(['ethernet', 'wifi', 'cellular', 'bluetooth', 'wimax', 'other']);

/** The network type (ethernet, wifi, cellular ...) from the Network Information API or the ICE candidate. */
export function networkType(
  nav: NavigatorLike | undefined,
  candidateNetworkType: string | null,
): string | null {
  const type = nav?.connection?.type ?? candidateNetworkType;
  return type && NETWORK_TYPES.has(type) ? type : null;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/;

/** Whether a candidate address is a literal IP (browsers hide host addresses behind mDNS names). */
export function isIpAddress(address: string | null): address is string {
  if (!address) return false;
  if (IPV4.test(address)) return true;
  // IPv6: hex groups and colons (with an optional embedded IPv4 tail), one "::" at most.
  return /^[0-9a-f:.]+$/i.test(address) && address.includes(':') && address.split('::').length <= 2;
}

/** The agent's local and external addresses from the selected ICE candidate. */
export function candidateAddresses(candidate: {
  address: string | null;
  relatedAddress: string | null;
  type: string | null;
}): { local: string | null; external: string | null } {
  if (candidate.type === 'srflx' || candidate.type === 'prflx') {
    return {
      local: isIpAddress(candidate.relatedAddress) ? candidate.relatedAddress : null,
      external: isIpAddress(candidate.address) ? candidate.address : null,
    };
  }
  if (candidate.type === 'host') {
    return { local: isIpAddress(candidate.address) ? candidate.address : null, external: null };
  }
  return { local: null, external: null };
}
