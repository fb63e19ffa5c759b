import { CALL_TAG_DEFAULT_TEXT, CALL_TAG_GROUPS, type CallTagGroup } from './constants.ts';

/** Row titles of the status cells, one per group of warning tags (spec 002 §9). */
export const CALL_TAG_GROUP_TITLES: Record<CallTagGroup, string> = {
  callQuality: 'Call Quality',
  mos: 'MOS',
  audioLatency: 'Audio Latency',
  jitter: 'Jitter',
  packetLoss: 'Packet Loss',
  rtt: 'RTT',
  cpu: 'CPU',
  memory: 'Memory',
  audio: 'Audio',
  hold: 'Hold and Mute',
  softphone: 'Softphone',
  browser: 'Browser',
};

/** One status cell: the group's tag, or its default text when the call has none. */
export interface CallStatusCell {
  group: CallTagGroup;
  title: string;
  text: string;
  /** 'error' for a tag starting with "Very", 'warning' for another tag, 'good' without one. */
  tone: 'good' | 'warning' | 'error';
}

/**
 * The status cells of a call from its tags (spec 002 §9): per group the most severe tag the call
 * has, coloured red when it starts with "Very" and yellow otherwise; "Good" ("Normal" for audio
 * latency) when it has none. Tags that belong to no group are ignored.
 */
export function callStatusCells(tags: readonly string[]): CallStatusCell[] {
  const held = new Set(tags);
  return (Object.keys(CALL_TAG_GROUPS) as CallTagGroup[]).map((group) => {
    const found = CALL_TAG_GROUPS[group].filter((tag) => held.has(tag));
    const tag = found.find((t) => t.startsWith('Very')) ?? found[0];
    const title = CALL_TAG_GROUP_TITLES[group];
    if (!tag) {
      const text =
        group === 'audioLatency'
          ? CALL_TAG_DEFAULT_TEXT.audioLatency
          : CALL_TAG_DEFAULT_TEXT.default;
      return { group, title, text, tone: 'good' };
    }
    return { group, title, text: tag, tone: tag.startsWith('Very') ? 'error' : 'warning' };
  });
}
