import type { CallDirection, NetworkLabel } from '@callsight/shared';
import { Random } from './random.ts';

/**
 * The demo contact centre: two sites and home workers, each agent with a fixed desk (ISP,
 * network, address, browser, place). Values are made up but shaped like real softphone reports.
 */

export interface Site {
  /** The ISP the softphone reports for this site. */
  isp: string;
  /** Local address prefix (first three octets are completed per agent). */
  localPrefix: string;
  /** External (public) address prefix. */
  externalPrefix: string;
  country: string;
  region: string;
  networkType: 'ethernet' | 'wifi' | 'cellular';
  /** Extra jitter and loss of this kind of connection (home Wi-Fi is noisier than an office LAN). */
  noise: number;
}

const OFFICE_SYDNEY: Site = {
  isp: 'Telstra Business',
  localPrefix: '10.20.',
  externalPrefix: '203.0.113.',
  country: 'Australia',
  region: 'New South Wales',
  networkType: 'ethernet',
  noise: 0.6,
};
const OFFICE_MANILA: Site = {
  isp: 'PLDT Enterprise',
  localPrefix: '10.40.',
  externalPrefix: '198.51.100.',
  country: 'Philippines',
  region: 'Metro Manila',
  networkType: 'ethernet',
  noise: 0.9,
};

/** Home connections: ISP, public prefix, place and how noisy they are. */
const HOMES: readonly Site[] = [
  home('Optus', '49.195.', 'Australia', 'New South Wales', 'wifi', 1.4),
  home('TPG Internet', '110.174.', 'Australia', 'Victoria', 'wifi', 1.3),
  home('Aussie Broadband', '180.150.', 'Australia', 'Queensland', 'ethernet', 0.8),
  home('Telstra', '1.144.', 'Australia', 'Victoria', 'wifi', 1.2),
  home('Spark New Zealand', '122.56.', 'New Zealand', 'Auckland', 'wifi', 1.2),
  home('Globe Telecom', '112.198.', 'Philippines', 'Cebu', 'wifi', 2.0),
  home('Converge ICT', '136.158.', 'Philippines', 'Metro Manila', 'wifi', 1.7),
  home('Comcast Cable', '73.92.', 'United States', 'California', 'ethernet', 0.9),
  home('BT', '86.128.', 'United Kingdom', 'England', 'wifi', 1.1),
  home('Vodafone AU', '101.112.', 'Australia', 'Western Australia', 'cellular', 2.6),
];

function home(
  isp: string,
  externalPrefix: string,
  country: string,
  region: string,
  networkType: Site['networkType'],
  noise: number,
): Site {
  return { isp, localPrefix: '192.168.', externalPrefix, country, region, networkType, noise };
}

/** Address ranges the demo group labels (Settings → Network Labelling); home networks stay unlabelled. */
export const DEMO_NETWORK_LABELS: NetworkLabel[] = [
  { cidr: '10.20.0.0/16', label: 'Sydney HQ' },
  { cidr: '10.40.0.0/16', label: 'Manila Contact Centre' },
  { cidr: '172.16.0.0/12', label: 'Corporate VPN' },
];

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Aroha',
  'Noah',
  'Maria',
  'Jack',
  'Priya',
  'Ethan',
  'Chloe',
  'Mateo',
  'Isla',
  'Lucas',
  'Mia',
  'Oliver',
  'Grace',
  'Ravi',
  'Sofia',
  'James',
  'Hana',
  'Leo',
  'Amelia',
  'Kai',
  'Zara',
  'Samuel',
  'Ella',
  'Daniel',
  'Nina',
  'Arjun',
  'Ruby',
  'Tomas',
  'Jasmine',
  'Finn',
] as const;
const LAST_NAMES = [
  'Nguyen',
  'Smith',
  'Walker',
  'Santos',
  'Reyes',
  'Brown',
  'Patel',
  'Wilson',
  'Tan',
  'Garcia',
  'Kelly',
  'Martin',
  'Cruz',
  'Taylor',
  'Lee',
  'Sharma',
  'Rossi',
  "O'Connor",
  'Sato',
  'Murphy',
  'Chen',
  'Ngata',
  'Ali',
  'Jones',
  'Dela Cruz',
  'Kim',
  'Novak',
  'Singh',
  'Evans',
  'Silva',
  'Lopez',
  'Hughes',
] as const;

export interface DemoBrowser {
  name: string;
  version: string;
}

/**
 * The queue teams of the demo contact centre: each agent works in one, which is also the name of
 * the queue its calls come from (the `queue` contact attribute).
 */
export const DEMO_DEPARTMENTS = ['Billing', 'Tech Support', 'Sales', 'Retention'] as const;
export type Department = (typeof DEMO_DEPARTMENTS)[number];

/** Level 1 of the agent hierarchy: the floor an agent belongs to (home workers: Remote). */
export const DEMO_SITES = ['Sydney', 'Manila', 'Remote'] as const;

export interface Agent {
  name: string;
  /** The softphone user name, an e-mail address (as Amazon Connect users often are). */
  email: string;
  /**
   * The agent's hierarchy groups, as Amazon Connect's agent hierarchy sends them in the call
   * summary (Agent Group 1-3 of teams' conditions): site, queue team, then the team leader's
   * team, e.g. ['Sydney', 'Billing', 'Sydney Billing 2'].
   */
  groups: string[];
  department: Department;
  site: Site;
  localIp: string;
  externalIp: string;
  browser: DemoBrowser;
  /** 0..1: how likely this agent's machine runs short of CPU. */
  cpuPressure: number;
  /** Hours of the agent's shift, in UTC. */
  shiftStartUtcHour: number;
}

const BROWSERS: readonly (readonly [DemoBrowser, number])[] = [
  [{ name: 'Chrome', version: '131.0.6778.86' }, 30],
  [{ name: 'Chrome', version: '130.0.6723.117' }, 20],
  [{ name: 'Chrome', version: '126.0.6478.127' }, 8],
  [{ name: 'Edge', version: '131.0.2903.70' }, 18],
  [{ name: 'Edge', version: '129.0.2792.89' }, 8],
  [{ name: 'Firefox', version: '133.0' }, 10],
  // A kiosk machine nobody updated: its calls get the "Unsupported Browser" tag.
  [{ name: 'Chrome', version: '114.0.5735.199' }, 3],
];

/** Fills the missing octets of an IPv4 prefix ("49.195." → "49.195.17.203"). */
function completeAddress(prefix: string, random: Random): string {
  const octets = prefix.split('.').filter(Boolean);
  while (octets.length < 4) octets.push(String(random.int(2, 250)));
  return octets.join('.');
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');

/**
 * The hierarchy of the i-th agent, from its index alone (no draw from the seeded sequence, so
 * the agents' other attributes stay what they were): every floor has every queue team, two team
 * leaders' teams each.
 */
function hierarchyOf(i: number, site: Site): { groups: string[]; department: Department } {
  const floor = site === OFFICE_SYDNEY ? 'Sydney' : site === OFFICE_MANILA ? 'Manila' : 'Remote';
  const round = Math.floor(i / 8);
  const department = DEMO_DEPARTMENTS[(i + round) % DEMO_DEPARTMENTS.length] ?? 'Billing';
  return { groups: [floor, department, `${floor} ${department} ${1 + (round % 2)}`], department };
}

/** The demo agents (deterministic for a seed): a Sydney floor, a Manila floor and home workers. */
export function demoAgents(seed = 20240601, count = 32): Agent[] {
  const random = new Random(seed);
  const agents: Agent[] = [];
  for (let i = 0; i < count; i++) {
    const first = FIRST_NAMES[i % FIRST_NAMES.length] ?? 'Alex';
    const last = LAST_NAMES[(i * 7) % LAST_NAMES.length] ?? 'Doe';
    const kind = i % 8;
    const site = kind < 3 ? OFFICE_SYDNEY : kind < 5 ? OFFICE_MANILA : random.pick(HOMES);
    const onVpn = site.localPrefix === '192.168.' && random.chance(0.35);
    const localIp = onVpn
      ? `172.16.${random.int(1, 30)}.${random.int(2, 250)}`
      : site.localPrefix === '192.168.'
        ? `192.168.${random.pick([0, 1, 1, 68])}.${random.int(2, 60)}`
        : `${site.localPrefix}${random.int(1, 12)}.${random.int(10, 240)}`;
    agents.push({
      name: `${first} ${last}`,
      email: `${slug(first)}.${slug(last)}@acme-support.example`,
      ...hierarchyOf(i, site),
      site,
      localIp,
      externalIp: completeAddress(site.externalPrefix, random),
      browser: random.weighted(BROWSERS),
      cpuPressure: random.chance(0.15) ? random.between(0.3, 0.7) : random.between(0, 0.08),
      // Sydney from 22:00 UTC (08:00 AEST), Manila from 00:00 UTC (08:00 PHT), homes spread out.
      shiftStartUtcHour:
        site === OFFICE_SYDNEY ? 22 : site === OFFICE_MANILA ? 0 : random.pick([20, 22, 23, 1, 2]),
    });
  }
  return agents;
}

export const DIRECTIONS: readonly (readonly [CallDirection, number])[] = [
  ['INBOUND', 68],
  ['OUTBOUND', 20],
  ['TRANSFER', 5],
  ['CALLBACK', 4],
  ['QUEUE_TRANSFER', 2],
  ['API', 1],
];

/** How a call ended: who hung up, Amazon Connect's disconnect reason, the last SIP response. */
export interface Ending {
  endedBy: string;
  disconnectReason: string;
  sipResponseCode: number;
}

export const NORMAL_ENDINGS: readonly (readonly [Ending, number])[] = [
  [{ endedBy: 'CUSTOMER', disconnectReason: 'CUSTOMER_DISCONNECT', sipResponseCode: 200 }, 55],
  [{ endedBy: 'AGENT', disconnectReason: 'AGENT_DISCONNECT', sipResponseCode: 200 }, 38],
  [{ endedBy: 'SYSTEM', disconnectReason: 'CONTACT_FLOW_DISCONNECT', sipResponseCode: 200 }, 4],
  [{ endedBy: 'SYSTEM', disconnectReason: 'THIRD_PARTY_DISCONNECT', sipResponseCode: 200 }, 3],
];

/** Endings of calls whose audio broke down. */
export const TROUBLED_ENDINGS: readonly (readonly [Ending, number])[] = [
  [{ endedBy: 'CUSTOMER', disconnectReason: 'CUSTOMER_DISCONNECT', sipResponseCode: 200 }, 45],
  [{ endedBy: 'SYSTEM', disconnectReason: 'TELECOM_PROBLEM', sipResponseCode: 503 }, 25],
  [{ endedBy: 'AGENT', disconnectReason: 'AGENT_NETWORK_DISCONNECT', sipResponseCode: 408 }, 15],
  [{ endedBy: 'SYSTEM', disconnectReason: 'TELECOM_PROBLEM', sipResponseCode: 500 }, 5],
  [{ endedBy: 'AGENT', disconnectReason: 'AGENT_DISCONNECT', sipResponseCode: 200 }, 10],
];

/** Outbound calls that never connected: a few seconds, no audio. */
export const FAILED_ENDINGS: readonly (readonly [Ending, number])[] = [
  [{ endedBy: 'CUSTOMER', disconnectReason: 'CUSTOMER_DISCONNECT', sipResponseCode: 486 }, 40],
  [{ endedBy: 'AGENT', disconnectReason: 'AGENT_DISCONNECT', sipResponseCode: 487 }, 25],
  [{ endedBy: 'CUSTOMER', disconnectReason: 'CUSTOMER_DISCONNECT', sipResponseCode: 603 }, 15],
  [{ endedBy: 'SYSTEM', disconnectReason: 'TELECOM_PROBLEM', sipResponseCode: 480 }, 12],
  [{ endedBy: 'SYSTEM', disconnectReason: 'TELECOM_PROBLEM', sipResponseCode: 404 }, 8],
];

/** Where Amazon Connect's media relay sits for the demo instance (shown in logs). */
export const TURN_SERVERS = ['52.95.180.12:3478', '52.95.182.40:3478', '54.240.196.18:3478'];
