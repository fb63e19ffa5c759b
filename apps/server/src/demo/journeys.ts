import { wholeGroup } from '../services/telemetry-store/call-scope.ts';
import { desc, isNotNull, lt } from 'drizzle-orm';
import {
  normalizeExportRequest,
  recordToAttributes,
  type AttributeValue,
  type OtlpJsonExportRequest,
} from '@callsight/shared';
import type { Db } from '../db/client.ts';
import { forGroup } from '../db/group-scope.ts';
import { callSummaries } from '../db/schema/index.ts';
import type { TelemetryStore } from '../services/telemetry-store/telemetry-store.ts';
import { Random } from './random.ts';

/** The call a demo journey ends in (a stored demo call, so charts and logs can be shown). */
export interface DemoJourneyCall {
  contactId: string;
  agent: string | null;
  startMs: number;
  endMs: number;
  mos: number | null;
  jitterMs: number | null;
  rttMs: number | null;
  packetsLostFraction: number | null;
  networkType: string | null;
  agentIp: string | null;
}

type Span = OtlpJsonExportRequest['resourceSpans'][number]['scopeSpans'][number]['spans'][number];

const hex = (random: Random, bytes: number) => {
  let out = '';
  for (let i = 0; i < bytes; i++) out += random.int(0, 255).toString(16).padStart(2, '0');
  return out;
};
const ns = (ms: number) => `${BigInt(Math.round(ms)) * 1_000_000n}`;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;

/**
 * One realistic contact-centre journey as an OTLP export: IVR, sometimes an AI assistant, the
 * queue, the agent interaction with its telephony leg (linked to `call` when given), a CRM
 * lookup, sometimes a hand-off to chat, and the post-call survey.
 */
export function generateDemoJourney(
  random: Random,
  opts: { startMs: number; call?: DemoJourneyCall | undefined },
): OtlpJsonExportRequest {
  const traceId = hex(random, 16);
  const spans: Span[] = [];
  const add = (
    parent: Span | null,
    name: string,
    startMs: number,
    endMs: number,
    attributes: Record<string, AttributeValue> = {},
    extra: Partial<Span> = {},
  ): Span => {
    const span: Span = {
      traceId,
      spanId: hex(random, 8),
      ...(parent ? { parentSpanId: parent.spanId } : {}),
      name,
      kind: parent ? 1 : 2,
      startTimeUnixNano: ns(startMs),
      endTimeUnixNano: ns(endMs),
      attributes: recordToAttributes(attributes),
      ...extra,
    };
    spans.push(span);
    return span;
  };
  const call = opts.call;
  const agentName = call?.agent ?? random.pick(['Ava Nguyen', 'Liam Chen', 'Mia Santos']);
  // A softphone user is the agent's e-mail when the call has one, kept whole (the @ included).
  const agentUser = call?.agent ?? agentName.toLowerCase().replace(/[^a-z]+/g, '.');
  const withAi = random.chance(0.4);
  const handoff = random.chance(0.25);

  let t = opts.startMs;
  const ivrMs = random.int(25_000, 80_000);
  const aiMs = withAi ? random.int(30_000, 110_000) : 0;
  const queueMs = random.chance(0.2) ? random.int(70_000, 240_000) : random.int(8_000, 50_000);
  const talkMs = call ? call.endMs - call.startMs : random.int(120_000, 540_000);
  // A linked journey is laid out so that its telephony leg is the stored call.
  if (call) t = call.startMs - ivrMs - aiMs - queueMs - 1_500;
  const start = t;

  const root = add(null, 'cx.journey', start, start, {
    'cx.channel': 'voice',
    'cx.platform': 'amazon-connect',
    'cx.journey.id': `JRN-${traceId.slice(0, 8).toUpperCase()}`,
    'cx.customer.segment': random.pick(['consumer', 'business', 'premium']),
    'cx.telephony.call.from.number': `+6129${random.int(1000000, 9999999)}`,
  });

  const ivr = add(root, 'cx.ivr', t, t + ivrMs, {
    'service.name': 'ivr-flows',
    'cx.ivr.flow': 'Main Menu',
  });
  add(ivr, 'ivr.prompt.welcome', t + 200, t + 6_500, { 'service.name': 'ivr-flows' });
  const menuAt = t + 6_600;
  add(
    ivr,
    'ivr.menu.select',
    menuAt,
    menuAt + random.int(4_000, 12_000),
    {
      'service.name': 'ivr-flows',
      'ivr.menu.option': random.pick(['billing', 'support', 'sales']),
    },
    {
      events: [
        {
          name: 'dtmf.received',
          timeUnixNano: ns(menuAt + 3_000),
          attributes: recordToAttributes({ digit: String(random.int(1, 4)) }),
        },
      ],
    },
  );
  add(ivr, 'nlu.intent.detect', t + ivrMs - 9_000, t + ivrMs - 7_800, {
    'service.name': 'nlu',
    'nlu.intent': random.pick(['pay_bill', 'internet_down', 'move_house', 'upgrade_plan']),
    'nlu.confidence': round(random.between(0.62, 0.98)),
  });
  t += ivrMs;

  if (withAi) {
    const ai = add(root, 'cx.ai.conversation', t, t + aiMs, {
      'service.name': 'virtual-assistant',
      'ai.model': 'assistant-small',
    });
    let at = t + 500;
    for (let turn = 0; turn < random.int(2, 4); turn++) {
      const llmMs = random.chance(0.15) ? random.int(5_200, 8_000) : random.int(900, 3_500);
      add(ai, 'llm.generate', at, at + llmMs, {
        'service.name': 'virtual-assistant',
        'llm.tokens.output': random.int(40, 220),
      });
      at += llmMs + random.int(6_000, 15_000);
    }
    t += aiMs;
  }

  add(root, 'cx.queue', t, t + queueMs, {
    'service.name': 'routing',
    'cx.queue.name': random.pick(['Billing', 'Technical Support', 'Sales']),
    'cx.queue.wait_time_ms': queueMs,
  });
  t += queueMs + 1_500;

  const agent = add(root, 'cx.agent.interaction', t, t + talkMs + 20_000, {
    'service.name': 'agent-desktop',
    'cx.agent.username': agentUser,
    'cx.agent.id': `agent-${agentUser}`,
    'cx.agent.network.ip_address':
      call?.agentIp ?? `10.20.${random.int(1, 40)}.${random.int(2, 250)}`,
    ...(call ? { 'cx.softphone.contact.id': call.contactId } : {}),
  });
  const mos = call?.mos ?? round(random.between(2.6, 4.4));
  const telephonyAttributes: Record<string, AttributeValue> = {
    'service.name': 'softphone',
    'cx.telephony.agent.name': agentName,
    'cx.telephony.network.type': call?.networkType ?? random.pick(['wifi', 'ethernet']),
    'cx.telephony.quality.mos.avg': round(mos),
    'cx.telephony.quality.jitter.avg': round(call?.jitterMs ?? random.between(3, 45), 1),
    'cx.telephony.quality.rtt.avg': round(call?.rttMs ?? random.between(40, 380), 0),
    'cx.telephony.quality.packet_loss': round(
      (call?.packetsLostFraction ?? random.between(0, 0.05)) * 100,
    ),
    'cx.telephony.talk_time': Math.round(talkMs / 1000),
  };
  if (call) telephonyAttributes['cx.telephony.call.id'] = call.contactId;
  const dropped = random.chance(0.12);
  add(agent, 'cx.telephony.call', t, t + talkMs, telephonyAttributes, {
    events: [
      { name: 'call.connected', timeUnixNano: ns(t + 300), attributes: [] },
      ...(talkMs > 90_000
        ? [
            { name: 'call.hold', timeUnixNano: ns(t + talkMs * 0.4), attributes: [] },
            { name: 'call.resume', timeUnixNano: ns(t + talkMs * 0.4 + 25_000), attributes: [] },
          ]
        : []),
    ],
    status: dropped ? { code: 2, message: 'Call dropped: ICE connection failed' } : { code: 1 },
  });
  const crmAt = t + random.int(5_000, 20_000);
  const crmFails = random.chance(0.15);
  add(
    agent,
    'crm.customer.lookup',
    crmAt,
    crmAt + (crmFails ? random.int(5_500, 9_000) : random.int(300, 1_800)),
    {
      'service.name': 'crm',
      'http.request.method': 'GET',
      'http.response.status_code': crmFails ? 504 : 200,
    },
    crmFails ? { status: { code: 2, message: 'Gateway timeout from CRM' } } : {},
  );
  add(agent, 'agent.after_call_work', t + talkMs, t + talkMs + 20_000, {
    'service.name': 'agent-desktop',
  });
  t += talkMs + 20_000;

  if (handoff) {
    add(root, 'cx.platform.handoff', t, t + 2_000, {
      'service.name': 'routing',
      'cx.handoff.target': 'chat',
    });
    t += 2_000;
    const chatMs = random.int(60_000, 300_000);
    add(root, 'cx.chat', t, t + chatMs, { 'service.name': 'chat', 'cx.channel': 'chat' });
    t += chatMs;
  }

  add(root, 'survey.post_call', t, t + 30_000, {
    'service.name': 'survey',
    'survey.csat': random.int(1, 5),
  });
  t += 30_000;
  root.endTimeUnixNano = ns(t);

  return {
    resourceSpans: [
      {
        resource: {
          attributes: recordToAttributes({
            'service.name': 'cx-orchestrator',
            'deployment.environment': 'demo',
          }),
        },
        scopeSpans: [{ scope: { name: 'callsight.demo', version: '1.0.0' }, spans }],
      },
    ],
  };
}

/** Journeys seeded for the demo group. */
const DEMO_JOURNEYS = 14;

/**
 * Seeds a handful of journeys for the demo group once (skipped when it has any), most of them
 * ending in one of its recent stored calls so that the charts and logs tabs have data. Journeys
 * go to the telemetry store; the calls are read from PostgreSQL, where the demo traffic writes.
 */
export async function seedDemoJourneys(
  db: Db,
  telemetry: Pick<TelemetryStore, 'listTraces' | 'storeSpans'>,
  groupId: string,
  seed: number,
  now = Date.now(),
) {
  const scope = forGroup(db, groupId);
  const existing = await telemetry.listTraces(wholeGroup(groupId), {
    size: 1,
    cursor: undefined,
    startGte: undefined,
    endLte: undefined,
    sortDirection: 'desc',
    filters: [],
  });
  if (existing.total > 0) return 0;
  const calls = await scope.db
    .select()
    .from(callSummaries)
    .where(
      scope.owns(
        callSummaries,
        isNotNull(callSummaries.endTime),
        lt(callSummaries.startTime, new Date(now - 15 * 60_000)),
      ),
    )
    .orderBy(desc(callSummaries.startTime))
    .limit(DEMO_JOURNEYS * 4);
  const random = new Random(seed);
  let stored = 0;
  for (let i = 0; i < DEMO_JOURNEYS; i++) {
    // Spread over the last days: every fourth recent call, or a time of day when none.
    const row = calls[i * 4];
    const call: DemoJourneyCall | undefined =
      row && row.endTime
        ? {
            contactId: row.contactId,
            agent: row.agent,
            startMs: row.startTime.getTime(),
            endMs: row.endTime.getTime(),
            mos: row.mosAvg,
            jitterMs: row.jitterAvgMs,
            rttMs: row.rttAvgMs,
            packetsLostFraction: row.packetsLostFraction,
            networkType: row.networkType,
            agentIp: row.agentLocalIp,
          }
        : undefined;
    const startMs = now - (i + 1) * 9 * 3_600_000 - random.int(0, 3_600_000);
    const request = generateDemoJourney(random, { startMs, call });
    const { spans } = normalizeExportRequest(request);
    stored += (await telemetry.storeSpans(groupId, spans)).spanCount;
  }
  return stored;
}
