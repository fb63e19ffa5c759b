import { describe, expect, it } from 'vitest';
import { callStatusCells } from './call-status.ts';
import { CALL_TAG_GROUPS, CALL_TAGS } from './constants.ts';

const cell = (tags: string[], group: string) =>
  callStatusCells(tags).find((c) => c.group === group);

describe('callStatusCells (spec 002 §9 status tags)', () => {
  it('gives one cell per group, "Good" without a tag and "Normal" for audio latency', () => {
    const cells = callStatusCells([]);
    expect(cells.map((c) => c.group)).toEqual(Object.keys(CALL_TAG_GROUPS));
    expect(cell([], 'jitter')).toEqual({
      group: 'jitter',
      title: 'Jitter',
      text: 'Good',
      tone: 'good',
    });
    expect(cell([], 'audioLatency')).toMatchObject({ text: 'Normal', tone: 'good' });
  });

  it('colours a tag starting with "Very" red and the others yellow', () => {
    expect(cell([CALL_TAGS.veryHighJitter], 'jitter')).toMatchObject({
      text: 'Very High Jitter',
      tone: 'error',
    });
    expect(cell([CALL_TAGS.highPacketLoss], 'packetLoss')).toMatchObject({
      text: 'High Packet Loss',
      tone: 'warning',
    });
    expect(cell([CALL_TAGS.softphoneError], 'softphone')).toMatchObject({ tone: 'warning' });
  });

  it('shows the severe tag when a group holds both, and ignores unknown tags', () => {
    expect(cell([CALL_TAGS.poorMos, CALL_TAGS.veryPoorMos], 'mos')).toMatchObject({
      text: 'Very Poor MOS',
      tone: 'error',
    });
    const cells = callStatusCells(['Something Else']);
    expect(cells.every((c) => c.tone === 'good')).toBe(true);
  });
});
