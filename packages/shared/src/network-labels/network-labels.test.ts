import { describe, expect, it } from 'vitest';
import {
  NETWORK_LABEL_TEXTS,
  createNetworkLabeller,
  isValidNetworkLabel,
  labelForAddress,
  matchesNetworkSearch,
  validateNetworkLabels,
} from './network-labels.ts';
import { NetworkLabelFormSchema, NetworkLabelMapUpdateSchema } from './schemas.ts';

const entry = (cidr: string, label = 'Office') => ({ cidr, label });

describe('texts (spec 001 §2 and §5)', () => {
  it('are letter for letter', () => {
    expect(NETWORK_LABEL_TEXTS.invalidCidr('10.0.0.0')).toBe(
      'Please enter a valid CIDR range (e.g. 10.0.0.0/24)',
    );
    expect(NETWORK_LABEL_TEXTS.invalidLabel).toBe('Please enter a label (max 120 characters)');
    expect(NETWORK_LABEL_TEXTS.overlaps('10.0.0.0/8', 1)).toBe('Overlaps with 10.0.0.0/8 (Row 1)');
    expect(NETWORK_LABEL_TEXTS.addNetwork(3)).toBe('Add Network 3/50');
    expect(NETWORK_LABEL_TEXTS.submitting).toBe('Submitting Changes...');
  });
});

describe('isValidNetworkLabel', () => {
  it('needs 1 to 120 characters after trimming', () => {
    expect(isValidNetworkLabel('Sydney office')).toBe(true);
    expect(isValidNetworkLabel('x'.repeat(120))).toBe(true);
    expect(isValidNetworkLabel('x'.repeat(121))).toBe(false);
    expect(isValidNetworkLabel('   ')).toBe(false);
    expect(isValidNetworkLabel('')).toBe(false);
    // Characters, not UTF-16 units: 120 emoji fit.
    expect(isValidNetworkLabel('🛰'.repeat(120))).toBe(true);
  });
});

describe('validateNetworkLabels', () => {
  it('accepts an empty list and a valid ordered list', () => {
    expect(validateNetworkLabels([])).toEqual([]);
    expect(
      validateNetworkLabels([
        entry('10.1.0.0/16', 'Branch'),
        entry('10.0.0.0/8', 'Corporate'),
        entry('2001:db8::/32', 'V6'),
      ]),
    ).toEqual([]);
  });

  it('names each bad row and field with the spec texts', () => {
    expect(
      validateNetworkLabels([
        entry('10.0.0.0/8'),
        entry('10.0.0.300/24', ''),
        entry('nonsense', 'x'.repeat(121)),
      ]),
    ).toEqual([
      { index: 1, field: 'cidr', message: 'Please enter a valid CIDR range (e.g. 192.168.1.0/24)' },
      { index: 1, field: 'label', message: 'Please enter a label (max 120 characters)' },
      { index: 2, field: 'cidr', message: 'Please enter a valid CIDR range (e.g. 192.168.1.0/24)' },
      { index: 2, field: 'label', message: 'Please enter a label (max 120 characters)' },
    ]);
    expect(validateNetworkLabels([entry('172.16.4.9')])[0]?.message).toBe(
      'Please enter a valid CIDR range (e.g. 172.16.4.0/24)',
    );
  });

  it('flags a range inside an earlier row (it could never match), naming the first such row', () => {
    const issues = validateNetworkLabels([
      entry('192.168.0.0/24'),
      entry('10.0.0.0/8'),
      entry('10.0.0.0/16'),
      entry('10.20.30.0/24'),
      entry('10.0.0.0/8'),
      entry('0.0.0.0/0'),
    ]);
    expect(issues).toEqual([
      { index: 2, field: 'cidr', message: 'Overlaps with 10.0.0.0/8 (Row 2)' },
      { index: 3, field: 'cidr', message: 'Overlaps with 10.0.0.0/8 (Row 2)' },
      { index: 4, field: 'cidr', message: 'Overlaps with 10.0.0.0/8 (Row 2)' },
    ]);
  });

  it('allows a smaller range above a larger one, and names the earlier range canonically', () => {
    expect(validateNetworkLabels([entry('10.1.0.0/16'), entry('10.0.0.0/8')])).toEqual([]);
    expect(validateNetworkLabels([entry('10.9.9.9/8'), entry('10.1.0.0/16')])).toEqual([
      { index: 1, field: 'cidr', message: 'Overlaps with 10.0.0.0/8 (Row 1)' },
    ]);
    expect(validateNetworkLabels([entry('2001:db8::/32'), entry('2001:DB8:1::/48')])).toEqual([
      { index: 1, field: 'cidr', message: 'Overlaps with 2001:db8::/32 (Row 1)' },
    ]);
  });

  it('ignores invalid rows when looking for overlaps', () => {
    expect(validateNetworkLabels([entry('bad'), entry('10.0.0.0/8')])).toHaveLength(1);
  });

  it('refuses more than 50 rows as a whole', () => {
    const rows = Array.from({ length: 51 }, (_, i) => entry(`10.0.${i}.0/24`));
    expect(validateNetworkLabels(rows)).toEqual([
      { index: null, field: null, message: 'At most 50 networks can be labelled' },
    ]);
    expect(validateNetworkLabels(rows.slice(0, 50))).toEqual([]);
  });
});

describe('labelForAddress (first match in list order wins)', () => {
  const labels = [
    entry('10.1.2.0/24', 'Team A'),
    entry('10.1.0.0/16', 'Sydney'),
    entry('10.0.0.0/8', 'Corporate'),
    entry('not a range', 'Broken'),
    entry('2001:db8:1::/48', 'V6 site'),
    entry('0.0.0.0/0', 'Internet'),
  ];
  it('returns the first containing range', () => {
    expect(labelForAddress(labels, '10.1.2.3')).toBe('Team A');
    expect(labelForAddress(labels, '10.1.9.9')).toBe('Sydney');
    expect(labelForAddress(labels, '10.200.0.1')).toBe('Corporate');
    expect(labelForAddress(labels, '8.8.8.8')).toBe('Internet');
    expect(labelForAddress(labels, '2001:db8:1:2::5')).toBe('V6 site');
    expect(labelForAddress(labels, '::ffff:10.1.2.200')).toBe('Team A');
  });
  it('answers null without a match or for a non-address', () => {
    expect(labelForAddress(labels, '2001:db8:2::1')).toBeNull();
    expect(labelForAddress(labels, 'localhost')).toBeNull();
    expect(labelForAddress([], '10.0.0.1')).toBeNull();
  });
  it('order decides: a larger range first shadows the smaller one', () => {
    expect(
      labelForAddress([entry('10.0.0.0/8', 'Big'), entry('10.1.0.0/16', 'Small')], '10.1.0.1'),
    ).toBe('Big');
  });
  it('a compiled labeller gives the same answers', () => {
    const label = createNetworkLabeller(labels);
    expect(['10.1.2.3', '10.1.9.9', '1.1.1.1', 'x'].map(label)).toEqual([
      'Team A',
      'Sydney',
      'Internet',
      null,
    ]);
  });
});

describe('matchesNetworkSearch', () => {
  it('matches CIDR or label text, case-insensitive', () => {
    const e = entry('10.20.0.0/16', 'Melbourne Office');
    expect(matchesNetworkSearch(e, 'melb')).toBe(true);
    expect(matchesNetworkSearch(e, '10.20')).toBe(true);
    expect(matchesNetworkSearch(e, ' OFFICE ')).toBe(true);
    expect(matchesNetworkSearch(e, 'sydney')).toBe(false);
    expect(matchesNetworkSearch(e, '')).toBe(true);
  });
});

describe('schemas', () => {
  it('the PUT body comes out trimmed and canonical', () => {
    const parsed = NetworkLabelMapUpdateSchema.parse({
      ipMap: [
        { cidr: ' 10.1.2.3/16 ', label: ' Sydney ' },
        { cidr: '2001:DB8::/32', label: 'V6' },
      ],
    });
    expect(parsed).toEqual({
      ipMap: [
        { cidr: '10.1.0.0/16', label: 'Sydney' },
        { cidr: '2001:db8::/32', label: 'V6' },
      ],
    });
  });
  it('the PUT body reports issues by row and field', () => {
    const res = NetworkLabelMapUpdateSchema.safeParse({
      ipMap: [entry('10.0.0.0/8'), entry('10.1.0.0/16', '')],
    });
    expect(res.success).toBe(false);
    expect(res.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['ipMap.1.cidr', 'Overlaps with 10.0.0.0/8 (Row 1)'],
      ['ipMap.1.label', 'Please enter a label (max 120 characters)'],
    ]);
    expect(
      NetworkLabelMapUpdateSchema.safeParse({
        ipMap: [{ cidr: '10.0.0.0/8', label: 'x', extra: 1 }],
      }).success,
    ).toBe(false);
  });
  it('the edit form uses the same rules on cidrRange and outputs the PUT body', () => {
    const rows = [
      { id: 'a', cidrRange: '10.0.0.0/8', label: 'Corp' },
      { id: 'b', cidrRange: '10.1.0.0/16', label: 'Branch' },
    ];
    const bad = NetworkLabelFormSchema.safeParse({ rows });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rows.1.cidrRange', 'Overlaps with 10.0.0.0/8 (Row 1)'],
    ]);
    expect(NetworkLabelFormSchema.parse({ rows: [rows[1], rows[0]] })).toEqual({
      ipMap: [
        { cidr: '10.1.0.0/16', label: 'Branch' },
        { cidr: '10.0.0.0/8', label: 'Corp' },
      ],
    });
  });
});
