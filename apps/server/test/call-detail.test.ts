import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_DETAIL_TEXTS,
  CALL_TAGS,
  CallDetailSchema,
  CallDetailSecondsSchema,
  callDetailSecondRows,
  type ApiError,
  type CallDetail,
  type IngestCallInput,
  type IngestLogInput,
  type IngestSampleInput,
} from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createTenant, createUser, signIn } from './factories.ts';
import { ByteWriter } from '../src/lib/byte-writer.ts';
import { forGroup } from '../src/db/group-scope.ts';
import { readCallSeconds, writeCallSecondsJson } from '../src/services/call-detail/call-seconds.ts';
import { readCallChunksText } from '../src/services/telemetry/call-samples.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const T0 = Date.UTC(2025, 2, 3, 14, 0, 0);
let counter = 0;
const contact = () => `cd-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

/** A group with an admin (holds the telemetry permission), a viewer and an API key. */
const tenant = () => createTenant(s);

async function ingest(key: string, path: string, payload: object) {
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/ingest/v1/${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Two minutes of a call: seconds 40-59 bad (loss, jitter, no MOS sent), 80-99 on hold. */
function callSeconds(contactId: string): IngestSampleInput[] {
  return Array.from({ length: 120 }, (_, i) => {
    const bad = i >= 40 && i < 60;
    const hold = i >= 80 && i < 100;
    return {
      contactId,
      timestamp: T0 + i * 1000,
      inbound: bad
        ? { packetsCount: 40, packetsLost: 10, audioLevel: 0.05 }
        : { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.2 },
      outbound: { mos: 4.3, packetsCount: 50, packetsLost: 0, audioLevel: 0.1 },
      rttMs: bad ? 450 : 40,
      jitterMs: bad ? 70 : 4,
      cpuAvailablePercent: 65,
      agentStatus: hold ? 'On Hold' : i === 5 ? 'On Mute' : 'Talk',
    };
  });
}

async function seedCall(key: string, contactId: string, withSummary = true) {
  if (withSummary) {
    const call: IngestCallInput = {
      contactId,
      agent: 'alice',
      direction: 'INBOUND',
      startTime: T0,
      endTime: T0 + 120_000,
      endedBy: 'CUSTOMER',
      disconnectReason: 'CUSTOMER_DISCONNECT',
      agentISP: 'Telstra',
      agentLocalIPAddress: '10.0.0.7',
      agentExternalIPAddress: '203.0.113.9',
      browser: { name: 'Chrome', version: '126.0' },
      agentCountry: 'Australia',
      agentRegion: 'NSW',
      networkType: 'wifi',
      holdIntervals: [{ start: T0 + 80_000, end: T0 + 100_000 }],
      sipResponseCode: 486,
    };
    await ingest(key, 'calls', { calls: [call] });
  }
  await ingest(key, 'samples', { samples: callSeconds(contactId) });
  const logs: IngestLogInput[] = [
    { time: T0 + 50_000, level: 'ERROR', agent: 'alice', contactId, text: 'ICE disconnected' },
    { time: T0 + 1_000, level: 'INFO', agent: 'alice', contactId, text: 'Call connected' },
    { time: T0 + 45_000, level: 'WARN', agent: 'alice', contactId, text: 'High jitter' },
    { time: T0 + 2_000, level: 'INFO', agent: 'alice', contactId: 'other', text: 'not this call' },
  ];
  await ingest(key, 'logs', { logs });
  await ingest(key, 'events', {
    events: [
      { time: T0 + 3_000, type: 'deviceChange', agent: 'alice', contactId, data: { mic: 'USB' } },
    ],
  });
}

const get = (
  headers: Record<string, string>,
  contactId: string,
  query = '',
  region = 'ap-southeast-2',
) =>
  s.app.inject({
    method: 'GET',
    url: `/api/viscall2/call/${region}/${encodeURIComponent(contactId)}${query}`,
    headers,
  });

describe('GET /api/viscall2/call/{region}/{contactId}', () => {
  it('answers the seconds, summary, logs and (for admins, when asked) telemetry of the call', async () => {
    const t = await tenant();
    const id = contact();
    await seedCall(t.key, id);

    const res = await get(t.adminHeaders, id, '?includeTelemetry=true');
    expect(res.statusCode, res.body).toBe(200);
    const body = CallDetailSchema.parse(res.json());

    expect(body.seconds).toHaveLength(120);
    const first = body.seconds[0];
    expect(first?.timestamp).toBe(new Date(T0).toISOString());
    expect(first?.inbound).toEqual({
      mos: 4.3,
      mosComputed: false,
      packetsCount: 50,
      packetsLost: 0,
      audioLevel: 0.2,
    });
    expect(first?.rttMs).toBe(40);
    expect(first?.agentStatus).toBe('Talk');
    expect(body.seconds[5]?.agentStatus).toBe('On Mute');
    expect(body.seconds[85]?.agentStatus).toBe('On Hold');
    // A bad second sent no MOS: it was estimated from RTT, jitter and loss.
    const bad = body.seconds[50]?.inbound;
    expect(bad?.mosComputed).toBe(true);
    expect(bad?.mos).toBeLessThan(3);

    const summary = body.summary.hits.hits[0]?._source;
    expect(summary?.contact.id.current).toBe(id);
    expect(summary?.serviceAgent.username).toBe('alice');
    expect(summary?.contact.direction).toBe('INBOUND');
    expect(summary?.contact.interaction.agentInteractionDurationSec).toBe(120);
    expect(summary?.softphoneSummary.agentISP).toBe('Telstra');
    expect(summary?.softphoneSummary.browser).toEqual({ name: 'Chrome', version: '126.0' });
    expect(summary?.properties.last_sip_response_num).toBe(486);
    expect(summary?.holdIntervals).toEqual([
      { start: new Date(T0 + 80_000).toISOString(), end: new Date(T0 + 100_000).toISOString() },
    ]);
    expect(summary?.summaryReceived).toBe(true);
    expect(summary?.score).toBeLessThan(10);
    const tags = summary?.insights.tags.map((tag) => tag.description) ?? [];
    expect(tags).toContain(CALL_TAGS.softphoneError);
    expect(tags).toContain(CALL_TAGS.veryHighJitter);

    expect(body.logs.hits.hits.map((h) => h._source.text)).toEqual([
      'Call connected',
      'High jitter',
      'ICE disconnected',
    ]);
    expect(body.logs.hits.total).toEqual({ value: 3, relation: 'eq' });
    expect(body.telemetry.hits.hits.map((h) => h._source)).toEqual([
      {
        time: new Date(T0 + 3_000).toISOString(),
        type: 'deviceChange',
        agent: 'alice',
        contactId: id,
        data: { mic: 'USB' },
      },
    ]);
  });

  it('leaves telemetry out unless asked, and refuses it to callers without the permission', async () => {
    const t = await tenant();
    const id = contact();
    await seedCall(t.key, id);

    const plain = await get(t.viewerHeaders, id, '?includeTelemetry=false');
    expect(plain.statusCode).toBe(200);
    expect(plain.json<CallDetail>().telemetry.hits.hits).toEqual([]);
    expect(CallDetailSchema.parse(plain.json()).seconds).toHaveLength(120);

    const refused = await get(t.viewerHeaders, id, '?includeTelemetry=true');
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ApiError>().error.message).toBe(CALL_DETAIL_TEXTS.telemetryForbidden);
  });

  it('writes the seconds as JSON from the stored text with the values read as rows, late ones in time order', async () => {
    const t = await tenant();
    const id = contact();
    const odd: IngestSampleInput[] = [
      { contactId: id, timestamp: T0, inbound: { audioLevel: 0.00001, packetsCount: 0 } },
      {
        contactId: id,
        timestamp: T0 + 1001,
        outbound: { mos: 4.3, packetsCount: 50, packetsLost: 1, audioLevel: 1 },
        rttMs: 59999.5,
        jitterMs: 0.1,
        cpuAvailablePercent: 100,
        memoryUsedPercent: 0,
        agentStatus: 'On Hold',
      },
      { contactId: id, timestamp: T0 + 2000, rttMs: 1234567e-10, agentStatus: 'Talk' },
    ];
    await ingest(t.key, 'samples', {
      samples: [
        ...callSeconds(id),
        ...odd.map((o, i) => ({ ...o, timestamp: T0 + 200_000 + i * 1000 + (i === 1 ? 1 : 0) })),
      ],
    });
    // A late batch: its chunk overlaps the stored ones, so the seconds are sorted by time.
    await ingest(t.key, 'samples', {
      samples: [
        { contactId: id, timestamp: T0 + 200_500, rttMs: 77.25, agentStatus: 'On Mute' },
        { contactId: id, timestamp: T0 - 1000, inbound: { mos: 3.9, packetsLost: 2 } },
      ],
    });
    const asRows = await readCallSeconds(forGroup(s.database.db, t.group.id), id, 1000);
    expect(asRows.map((r) => r.timestamp)).toEqual(
      asRows.map((r) => r.timestamp).sort((a, b) => a.localeCompare(b)),
    );
    const res = await get(t.viewerHeaders, id);
    expect(res.statusCode).toBe(200);
    expect(CallDetailSchema.parse(res.json()).seconds).toEqual(asRows);

    const text = await readCallChunksText(s.database.db, t.group.id, id);
    const written = (limit: number) => {
      const w = new ByteWriter(8);
      const count = writeCallSecondsJson(w, text, limit);
      const columns = CallDetailSecondsSchema.parse(JSON.parse(w.bytes().toString()));
      return [count, callDetailSecondRows(columns)];
    };
    expect(written(1000)).toEqual([asRows.length, asRows]);
    expect(written(7)).toEqual([7, asRows.slice(0, 7)]);
    expect(await readCallChunksText(s.database.db, t.group.id, 'nobody')).toBeNull();
    const none = new ByteWriter();
    expect(writeCallSecondsJson(none, null, 10)).toBe(0);
    expect(
      callDetailSecondRows(CallDetailSecondsSchema.parse(JSON.parse(none.bytes().toString()))),
    ).toEqual([]);
  });

  it('shows a call whose summary has not arrived yet, from its seconds', async () => {
    const t = await tenant();
    const id = contact();
    await seedCall(t.key, id, false);
    const res = await get(t.viewerHeaders, id);
    expect(res.statusCode).toBe(200);
    const summary = res.json<CallDetail>().summary.hits.hits[0]?._source;
    expect(summary?.summaryReceived).toBe(false);
    expect(summary?.serviceAgent.username).toBeNull();
    expect(summary?.callStartTime).toBe(new Date(T0).toISOString());
  });

  it('answers 404 "Unable to retrieve data" for an unknown contact and for another group\'s call', async () => {
    const mine = await tenant();
    const theirs = await tenant();
    const id = contact();
    await seedCall(theirs.key, id);

    const unknown = await get(mine.adminHeaders, 'no-such-contact');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiError>().error.message).toBe(CALL_DETAIL_TEXTS.unableData);

    const other = await get(mine.adminHeaders, id);
    expect(other.statusCode).toBe(404);
    expect(other.json<ApiError>().error.message).toBe(CALL_DETAIL_TEXTS.unableData);
  });

  it('refuses unsigned callers, malformed flags and regions', async () => {
    const t = await tenant();
    const id = contact();
    await seedCall(t.key, id);
    expect((await get({}, id)).statusCode).toBe(401);

    const flag = await get(t.adminHeaders, id, '?includeTelemetry=maybe');
    expect(flag.statusCode).toBe(400);
    expect(flag.json<ApiError>().error.fields).toHaveProperty('includeTelemetry');

    const region = await get(t.adminHeaders, id, '', 'ap_south%20east');
    expect(region.statusCode).toBe(400);
    expect(region.json<ApiError>().error.fields).toHaveProperty('region');
  });

  it('refuses a group user (not viewer, admin or super) like the call detail page does', async () => {
    const t = await tenant();
    const id = contact();
    await seedCall(t.key, id);
    const user = await createUser(s.database.db, { groups: [t.group], role: 'user' });
    const headers = authHeaders((await signIn(s.app, user.email)).token);
    expect((await get(headers, id)).statusCode).toBe(403);
  });
});
