import type { CopilotMatchField } from './query.ts';
import { NETWORK_TYPE_WORDS } from './question-words.ts';

/** Names the group's calls carry, so "for alice" or "on Fibre Co" restrict the calls. */
export type KnownValues = Partial<Record<CopilotMatchField, readonly string[]>>;

/** One way a stored name may be said, and the stored value it stands for. */
export interface NameAlias {
  field: CopilotMatchField;
  value: string;
  /** Lower-case text looked for in the question. */
  said: string;
}

/** Words too common to be taken as a name on their own ("on call", "the best"). */
const COMMON = new Set(
  'a an and are all any as at be best by call calls day did for from had has have how in is it last me my of on or our per show than that the this to top was week were what when which who why with worst'.split(
    ' ',
  ),
);

const ESCAPE = /[.*+?^${}()|[\]\\]/g;

/**
 * The ways each known name may be said: the stored value; for agents also the part before @,
 * that part with its dots, dashes and underscores as spaces ("jack santos"), and the first name
 * when only one agent has it; for ISPs the first word when only one ISP starts with it; for
 * network types the everyday words (wifi, wired, cellular) of the stored values.
 */
export function nameAliases(known: KnownValues): NameAlias[] {
  // The server keeps one KnownValues per group for 5 minutes: build its aliases once.
  const cached = aliasCache.get(known);
  if (cached) return cached;
  const aliases = buildAliases(known);
  aliasCache.set(known, aliases);
  return aliases;
}

const aliasCache = new WeakMap<KnownValues, NameAlias[]>();

function buildAliases(known: KnownValues): NameAlias[] {
  const out: NameAlias[] = [];
  const add = (field: CopilotMatchField, value: string, said: string) => {
    const s = said.trim().toLowerCase();
    if (s.length < 2 || COMMON.has(s)) return;
    out.push({ field, value, said: s });
  };
  for (const [field, values] of Object.entries(known) as [CopilotMatchField, readonly string[]][]) {
    for (const value of values) if (value.trim()) add(field, value, value);
  }
  const agents = known.agent ?? [];
  const firstNames = new Map<string, string[]>();
  for (const agent of agents) {
    const local = agent.split('@')[0] ?? agent;
    if (local !== agent) add('agent', agent, local);
    const spaced = local.replace(/[._-]+/g, ' ').trim();
    if (spaced !== local) add('agent', agent, spaced);
    const first = spaced.split(' ')[0] ?? '';
    if (first.length >= 3 && first !== spaced)
      firstNames.set(first, [...(firstNames.get(first) ?? []), agent]);
  }
  for (const [first, owners] of firstNames) {
    if (owners.length === 1 && owners[0]) add('agent', owners[0], first);
  }
  const isps = known.isp ?? [];
  const firstWords = new Map<string, string[]>();
  for (const isp of isps) {
    const first = isp.toLowerCase().split(/\s+/)[0] ?? '';
    if (first.length >= 4 && first !== isp.toLowerCase())
      firstWords.set(first, [...(firstWords.get(first) ?? []), isp]);
  }
  for (const [first, owners] of firstWords) {
    if (owners.length === 1 && owners[0]) add('isp', owners[0], first);
  }
  for (const type of known.networkType ?? []) {
    const words = NETWORK_TYPE_WORDS.find((w) => w.values.includes(type.toLowerCase()));
    if (words) out.push({ field: 'networkType', value: type, said: `@type:${words.name}` });
  }
  // Longest first, so "Fibre Co Business" is found before "Fibre Co".
  return out.sort((a, b) => b.said.length - a.said.length);
}

/**
 * Finds the group's names in the text (case-insensitive, whole words, longest first) and cuts
 * each out. Network types are found by their everyday words.
 */
export function readNames(
  text: string,
  known: KnownValues,
): { matches: { field: CopilotMatchField; value: string }[]; rest: string } {
  const found: { field: CopilotMatchField; value: string; at: number }[] = [];
  // Names are blanked out with spaces of their length, so positions keep the question's order.
  let rest = text;
  const seen = new Set<string>();
  const take = (field: CopilotMatchField, value: string, at: number) => {
    const key = `${field}\u0000${value}`;
    if (seen.has(key)) return;
    seen.add(key);
    found.push({ field, value, at });
  };
  const blank = (re: RegExp) => {
    rest = rest.replace(
      re,
      (all: string, lead: string = '') => lead + ' '.repeat(all.length - lead.length),
    );
  };
  for (const alias of nameAliases(known)) {
    if (alias.said.startsWith('@type:')) continue;
    const re = new RegExp(
      `(^|[^\\w@.-])${alias.said.replace(ESCAPE, '\\$&')}(?=$|[^\\w@-]|\\.(?!\\w))`,
      'g',
    );
    const m = re.exec(rest);
    if (m) {
      take(alias.field, alias.value, m.index + (m[1]?.length ?? 0));
      blank(re);
    }
  }
  for (const words of NETWORK_TYPE_WORDS) {
    const re = new RegExp(`()${words.re.source}`, 'g');
    const m = re.exec(rest);
    if (!m) continue;
    const stored = (known.networkType ?? []).filter((t) => words.values.includes(t.toLowerCase()));
    for (const value of stored.length ? stored : [words.values[0] ?? words.name])
      take('networkType', value, m.index);
    blank(re);
  }
  found.sort((a, b) => a.at - b.at);
  return { matches: found.map(({ field, value }) => ({ field, value })), rest };
}
