import {
  cidrContains,
  cidrContainsAddress,
  cidrExampleAddress,
  parseCidr,
  parseIpAddress,
  type CidrRange,
} from './cidr.ts';

/** Spec 001 §9: at most 50 ranges; labels at most 120 characters. */
export const NETWORK_LABEL_LIMITS = {
  maxEntries: 50,
  labelMaxLength: 120,
} as const;

/** Texts of the Network Labelling screen and its validation (spec 001 §2 and §5), letter for letter. */
export const NETWORK_LABEL_TEXTS = {
  title: 'Network Labelling',
  searchPlaceholder: 'Search Networks',
  edit: 'Edit',
  cancel: 'Cancel',
  submit: 'Submit Changes',
  submitting: 'Submitting Changes...',
  noNetworksFound: 'No Networks Found',
  noNetworksToEdit: 'No Networks To Edit',
  columnIndex: '#',
  columnCidr: 'CIDR Range',
  columnLabel: 'Label',
  addNetwork: (count: number) => `Add Network ${count}/${NETWORK_LABEL_LIMITS.maxEntries}`,
  invalidCidr: (ip: string) => `Please enter a valid CIDR range (e.g. ${ip}/24)`,
  invalidLabel: `Please enter a label (max ${NETWORK_LABEL_LIMITS.labelMaxLength} characters)`,
  overlaps: (range: string, row: number) => `Overlaps with ${range} (Row ${row})`,
  tooMany: `At most ${NETWORK_LABEL_LIMITS.maxEntries} networks can be labelled`,
} as const;

/** One entry of the ordered list: a range and its label. */
export interface NetworkLabelEntry {
  cidr: string;
  label: string;
}

/** A problem with the list: `index` is the 0-based row (null for the whole list). */
export interface NetworkLabelIssue {
  index: number | null;
  field: 'cidr' | 'label' | null;
  message: string;
}

/** Label rule of spec 001 §5: required (after trimming) and at most 120 characters. */
export function isValidNetworkLabel(label: string): boolean {
  const length = [...label.trim()].length;
  return length > 0 && length <= NETWORK_LABEL_LIMITS.labelMaxLength;
}

/**
 * Validates the ordered list with the rules of spec 001 §5: at most 50 rows, a valid CIDR and a
 * label per row, and no range inside an earlier row's range (it could never match: the first
 * match wins). The server and the edit form both run this.
 */
export function validateNetworkLabels(entries: readonly NetworkLabelEntry[]): NetworkLabelIssue[] {
  if (entries.length > NETWORK_LABEL_LIMITS.maxEntries) {
    return [{ index: null, field: null, message: NETWORK_LABEL_TEXTS.tooMany }];
  }
  const issues: NetworkLabelIssue[] = [];
  const ranges: (CidrRange | null)[] = [];
  entries.forEach((entry, index) => {
    const range = parseCidr(entry.cidr);
    ranges.push(range);
    if (!range) {
      issues.push({
        index,
        field: 'cidr',
        message: NETWORK_LABEL_TEXTS.invalidCidr(cidrExampleAddress(entry.cidr)),
      });
    } else {
      const earlier = ranges.findIndex((r, i) => i < index && r !== null && cidrContains(r, range));
      const shadowing = ranges[earlier];
      if (earlier >= 0 && shadowing) {
        issues.push({
          index,
          field: 'cidr',
          message: NETWORK_LABEL_TEXTS.overlaps(shadowing.text, earlier + 1),
        });
      }
    }
    if (!isValidNetworkLabel(entry.label)) {
      issues.push({ index, field: 'label', message: NETWORK_LABEL_TEXTS.invalidLabel });
    }
  });
  return issues;
}

/**
 * Compiles the ordered list once into a lookup: the first range in list order that contains the
 * address gives its label; null when none does or the address is not an IP address. Invalid
 * ranges are skipped.
 */
export function createNetworkLabeller(
  labels: readonly NetworkLabelEntry[],
): (ip: string) => string | null {
  const compiled: { range: CidrRange; label: string }[] = [];
  for (const entry of labels) {
    const range = parseCidr(entry.cidr);
    if (range) compiled.push({ range, label: entry.label });
  }
  return (ip) => {
    const address = parseIpAddress(ip);
    if (!address) return null;
    for (const { range, label } of compiled) {
      if (cidrContainsAddress(range, address)) return label;
    }
    return null;
  };
}

/** The label of the first range in list order that contains the address, or null. */
export function labelForAddress(labels: readonly NetworkLabelEntry[], ip: string): string | null {
  return createNetworkLabeller(labels)(ip);
}

/** Case-insensitive search of the view table: matches the CIDR text or the label text. */
export function matchesNetworkSearch(entry: NetworkLabelEntry, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return entry.cidr.toLowerCase().includes(needle) || entry.label.toLowerCase().includes(needle);
}
