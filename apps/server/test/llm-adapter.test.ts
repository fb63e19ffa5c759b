import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CopilotReply, TableArtifact } from '@callsight/shared';
import { startTestServer, type TestServer } from './harness.ts';
import { authHeaders, createGroup, createUser, signIn } from './factories.ts';
import { callSummaries, journeySpans } from '../src/db/schema/index.ts';
import { createOpenAiCompatibleAdapter, LlmError } from '../src/adapters/llm/index.ts';

interface ChatRequest {
  model: string;
  messages: {
    role: string;
    content: string | null;
    tool_call_id?: string;
    tool_calls?: unknown[];
  }[];
  tools?: { type: string; function: { name: string; parameters: Record<string, unknown> } }[];
}

/** A chat-completions endpoint scripted per test: each request gets the next answer. */
let script: ((req: ChatRequest) => { status?: number; body: unknown })[] = [];
const received: { auth: string | undefined; body: ChatRequest }[] = [];
let llmServer: http.Server;
let baseUrl: string;

function toolCall(id: string, args: unknown) {
  return {
    body: {
      choices: [
        {
          message: {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id,
                type: 'function',
                function: { name: 'query_calls', arguments: JSON.stringify(args) },
              },
            ],
          },
        },
      ],
    },
  };
}
const say = (content: string) => ({
  body: { choices: [{ message: { role: 'assistant', content } }] },
});
/** The JSON the copilot sent back as the result of the last tool call. */
const lastToolResult = (req: ChatRequest) =>
  JSON.parse(req.messages.filter((m) => m.role === 'tool').at(-1)?.content ?? '{}') as {
    summary?: string;
    error?: string;
  };

let s: TestServer;
let headers: Record<string, string>;

beforeAll(async () => {
  llmServer = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as ChatRequest;
      received.push({ auth: req.headers.authorization, body });
      const next = script.shift();
      const answer = next ? next(body) : { status: 500, body: { error: 'no script' } };
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => llmServer.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(llmServer.address() as AddressInfo).port}/v1`;

  s = await startTestServer({
    LLM_BASE_URL: baseUrl,
    LLM_MODEL: 'test-model',
    LLM_API_KEY: 'sk-test',
  });
  const group = await createGroup(s.database.db, { features: ['garvis2'] });
  const user = await createUser(s.database.db, { groups: [group], role: 'viewer' });
  headers = authHeaders((await signIn(s.app, user.email)).token);
  const now = Date.now();
  await s.database.db.insert(callSummaries).values([
    {
      groupId: group.id,
      contactId: 'a',
      agent: 'alice',
      startTime: new Date(now - 60_000),
      mosAvg: 4,
    },
    {
      groupId: group.id,
      contactId: 'b',
      agent: 'bob',
      startTime: new Date(now - 120_000),
      mosAvg: 3,
    },
    {
      groupId: group.id,
      contactId: 'c',
      agent: 'bob',
      startTime: new Date(now - 180_000),
      mosAvg: 2,
    },
  ]);
});

afterAll(async () => {
  await s.close();
  await new Promise((resolve) => llmServer.close(resolve));
});

beforeEach(() => {
  script = [];
  received.length = 0;
});

async function ask(question: string, threadId?: string) {
  const res = await s.app.inject({
    method: 'POST',
    url: '/api/garvis2/ask',
    headers,
    payload: { question, ...(threadId ? { threadId } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CopilotReply>();
}

describe('OpenAI-compatible adapter', () => {
  it('posts model, messages and tools with the key, and reads text and tool calls', async () => {
    script = [() => toolCall('t1', { metrics: ['mos'] })];
    const adapter = createOpenAiCompatibleAdapter({
      baseUrl: `${baseUrl}/`,
      model: 'm1',
      apiKey: 'k1',
    });
    const reply = await adapter.complete([{ role: 'user', content: 'hi' }], {
      tools: [
        { type: 'function', function: { name: 'query_calls', description: 'd', parameters: {} } },
      ],
    });
    expect(received[0]?.auth).toBe('Bearer k1');
    expect(received[0]?.body.model).toBe('m1');
    expect(received[0]?.body.messages).toEqual([{ role: 'user', content: 'hi' }]);
    expect(reply.tool_calls?.[0]?.function.name).toBe('query_calls');
  });

  it('turns a non-OK answer and a malformed one into LlmError', async () => {
    const adapter = createOpenAiCompatibleAdapter({ baseUrl, model: 'm1' });
    script = [() => ({ status: 503, body: {} })];
    await expect(adapter.complete([{ role: 'user', content: 'x' }])).rejects.toMatchObject({
      name: 'LlmError',
      httpStatus: 503,
    });
    script = [() => ({ body: { nothing: true } })];
    await expect(adapter.complete([{ role: 'user', content: 'x' }])).rejects.toBeInstanceOf(
      LlmError,
    );
    expect(received[1]?.auth).toBeUndefined();
  });
});

describe('copilot through a chat-completions model', () => {
  it('runs the query tool the model calls and answers with its reply and the artifact', async () => {
    script = [
      () =>
        toolCall('call-1', {
          metrics: ['mos'],
          groupBy: 'agent',
          range: { kind: 'lastHours', count: 24 },
        }),
      (req) => say(`From the data: ${lastToolResult(req).summary}`),
    ];
    const reply = await ask('How is MOS by agent today?');
    expect(received).toHaveLength(2);
    const first = received[0]?.body;
    expect(first?.model).toBe('test-model');
    expect(received[0]?.auth).toBe('Bearer sk-test');
    expect(first?.tools?.[0]?.function.name).toBe('query_calls');
    expect(first?.tools?.[0]?.function.parameters).toMatchObject({ type: 'object' });
    expect(first?.messages.at(-1)).toEqual({ role: 'user', content: 'How is MOS by agent today?' });
    // The second round carries the assistant's tool call and the tool's result.
    const second = received[1]?.body;
    expect(second?.messages.at(-2)?.tool_calls).toHaveLength(1);
    expect(second?.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call-1' });
    expect(reply.response).toMatch(
      /^From the data: Here is the average MOS by agent in the last 24 hours, worst first: bob \(2\.5\), alice \(4\)\.\n\nI read this as: /,
    );
    const table = reply.artifacts[0] as TableArtifact;
    expect(table.type).toBe('table');
    expect(table.rows).toEqual(
      expect.arrayContaining([
        { key: 'alice', mos: 4, callCount: 1 },
        { key: 'bob', mos: 2.5, callCount: 2 },
      ]),
    );
  });

  it('lets the model ask for a share and a comparison of ranges, with their readings', async () => {
    script = [
      () =>
        toolCall('call-share', {
          metrics: ['share'],
          thresholds: [{ metric: 'mos', op: 'lt', value: 3.5, quality: 'poor mos' }],
          range: { kind: 'lastHours', count: 24 },
          compareRange: { kind: 'lastDays', count: 30 },
        }),
      (req) => say(`From the data: ${lastToolResult(req).summary}`),
    ];
    const reply = await ask('What share of calls had poor MOS, against the last 30 days?');
    const result = lastToolResult(received[1]?.body as ChatRequest);
    // The tool's summary carries how the query was read, so the model can say it.
    expect(result.summary).toContain('share counted: poor MOS (average MOS below 3.5');
    expect(result.summary).toContain('compared with in the last 30 days');
    const table = reply.artifacts.find((a) => a.type === 'table') as TableArtifact;
    expect(table.rows.map((r) => r.key)).toEqual(['in the last 24 hours', 'in the last 30 days']);
  });

  it('replays the thread to the model for a follow-up', async () => {
    script = [() => say('First answer.')];
    const first = await ask('Hello there');
    expect(first.artifacts).toEqual([]);
    script = [() => say('Second answer.')];
    const second = await ask('and bob?', first.threadId);
    expect(second.threadId).toBe(first.threadId);
    expect(received[1]?.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Hello there' },
      { role: 'assistant', content: 'First answer.' },
      { role: 'user', content: 'and bob?' },
    ]);
  });

  it('tells the model when its tool arguments are invalid', async () => {
    script = [
      () => toolCall('bad', { metrics: ['happiness'] }),
      (req) => say(lastToolResult(req).error ? 'I could not query that.' : 'unexpected'),
    ];
    const reply = await ask('How happy are callers?');
    expect(reply.response).toBe('I could not query that.');
    expect(reply.artifacts).toEqual([]);
  });

  it('falls back to the built-in engine when the model fails', async () => {
    script = [() => ({ status: 500, body: { error: 'down' } })];
    const reply = await ask('How many calls in the last 24 hours?');
    expect(received).toHaveLength(1);
    expect(reply.response).toMatch(
      /^There were 3 calls in the last 24 hours\.\n\nI read this as: /,
    );
  });
});

describe('AI summary through a chat-completions model', () => {
  it('sends the spec 9 digest as the prompt and stores the model’s text', async () => {
    const group = await createGroup(s.database.db, { features: ['journeyExplorer'] });
    const user = await createUser(s.database.db, { groups: [group], role: 'viewer' });
    const viewer = authHeaders((await signIn(s.app, user.email)).token);
    const traceId = 'ab'.repeat(16);
    const t0 = BigInt(Date.now() - 60_000) * 1_000_000n;
    const sec = 1_000_000_000n;
    await s.database.db.insert(journeySpans).values(
      [
        { spanId: '01', parentSpanId: null, name: 'cx.journey', from: 0n, to: 30n },
        { spanId: '02', parentSpanId: '01', name: 'cx.queue', from: 1n, to: 9n },
        { spanId: '03', parentSpanId: '01', name: 'cx.ivr', from: 0n, to: 1n },
      ].map((sp) => ({
        groupId: group.id,
        traceId,
        spanId: sp.spanId,
        parentSpanId: sp.parentSpanId,
        name: sp.name,
        startNs: t0 + sp.from * sec,
        endNs: t0 + sp.to * sec,
        durationMs: Number((sp.to - sp.from) * 1000n),
        serviceName: 'cx-platform',
        attributes: [],
        events: [],
        resourceAttributes: [],
      })),
    );
    script = [() => say('The caller waited 8 s in the queue.')];
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/traces/${traceId}/ai-summary`,
      headers: viewer,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      response: 'The caller waited 8 s in the queue.',
      engine: 'llm',
    });
    const prompt = received[0]?.body.messages.at(-1)?.content ?? '';
    expect(prompt).toContain(`trace ${traceId}`);
    expect(prompt).toContain(
      'Slow spans (we flag leaf spans, those without child spans, over 5 s): cx.queue (8s).',
    );
    expect(received[0]?.body.tools).toBeUndefined();
  });
});
