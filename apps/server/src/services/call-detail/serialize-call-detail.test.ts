import { describe, expect, it } from 'vitest';
import {
  CallDetailAnswerSchema,
  CallDetailSchema,
  callDetailSecondColumns,
  type CallDetail,
  type CallDetailAnswer,
} from '@callsight/shared';
import { callDetailTail } from './serialize-call-detail.ts';

const noHits = { hits: { total: { value: 0, relation: 'eq' as const }, hits: [] } };

describe('callDetailTail', () => {
  it('writes the same JSON as the schema serializer', () => {
    const data: CallDetail = {
      seconds: [
        {
          timestamp: '2026-01-01T10:00:00.000Z',
          inbound: null,
          outbound: {
            mos: 3.9,
            mosComputed: true,
            packetsCount: 50,
            packetsLost: 0,
            audioLevel: 0.12,
          },
          rttMs: 45.5,
          jitterMs: null,
          cpuAvailablePercent: null,
          memoryUsedPercent: 99.5,
          agentStatus: 'Talk',
        },
      ],
      summary: noHits,
      logs: {
        hits: {
          total: { value: 1, relation: 'eq' },
          hits: [
            {
              _id: 'l-1',
              _source: {
                time: '2026-01-01T10:00:01.000Z',
                level: 'INFO',
                agent: 'alice',
                contactId: 'c-1',
                text: 'a "quoted" line',
              },
            },
          ],
        },
      },
      telemetry: noHits,
    };
    const { seconds, ...rest } = data;
    const answer: CallDetailAnswer = { ...rest, seconds: callDetailSecondColumns(seconds) };
    const text = `{"seconds":${JSON.stringify(answer.seconds)}${callDetailTail(rest)}`;
    expect(text).toBe(JSON.stringify(CallDetailAnswerSchema.encode(answer)));
    // What the web app reads back: the seconds as rows again.
    expect(CallDetailSchema.parse(JSON.parse(text))).toEqual(data);
  });

  it('refuses an answer that does not match the schema', () => {
    const rest = { summary: noHits, logs: noHits, telemetry: { hits: {} } };
    expect(() => callDetailTail(rest as unknown as Omit<CallDetailAnswer, 'seconds'>)).toThrow();
  });
});
