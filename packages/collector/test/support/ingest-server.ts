import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  fieldErrorsOf,
  IngestCallSchema,
  IngestEventSchema,
  IngestLogSchema,
  IngestSampleSchema,
  type IngestCall,
  type IngestEvent,
  type IngestLog,
  type IngestSample,
} from '@callsight/shared';

/** A scripted answer: status, optional headers and JSON body. */
export interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown[]>;
  status: number;
}

const SCHEMAS = {
  '/api/ingest/v1/samples': { key: 'samples', schema: IngestSampleSchema },
  '/api/ingest/v1/calls': { key: 'calls', schema: IngestCallSchema },
  '/api/ingest/v1/logs': { key: 'logs', schema: IngestLogSchema },
  '/api/ingest/v1/events': { key: 'events', schema: IngestEventSchema },
} as const;

/**
 * A real HTTP server on a local port speaking the ingestion API's contract: it validates every
 * item with the shared schemas, stores each sample once per (contactId, timestamp), answers
 * 200/207 like the real API, and can be told to answer the next requests with scripted statuses
 * or to stop listening (the network is down) and listen again on the same port.
 */
export class IngestServer {
  readonly requests: RecordedRequest[] = [];
  readonly samples = new Map<string, IngestSample>();
  readonly calls = new Map<string, IngestCall>();
  readonly logs = new Map<string, IngestLog>();
  readonly events = new Map<string, IngestEvent>();
  /** Answers for the next requests, in order, before normal handling resumes. */
  readonly script: Scripted[] = [];
  port = 0;
  private server: Server | null = null;

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: connections are refused until `start()` again. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves when `test` holds, checking after each request (10 s at most). */
  async until(test: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!test()) {
      if (Date.now() > deadline) throw new Error('IngestServer.until: condition not met in 10 s');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = req.url ?? '';
    let body: Record<string, unknown[]> = {};
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown[]>;
    } catch {
      body = {};
    }
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      this.requests.push({ path, authorization: req.headers.authorization, body, status });
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(payload));
    };

    const scripted = this.script.shift();
    if (scripted) return reply(scripted.status, scripted.body ?? {}, scripted.headers);
    if (req.headers.authorization !== 'Bearer cs_test_key') {
      return reply(401, { error: { code: 'unauthorized', message: 'Invalid API key' } });
    }
    const route = SCHEMAS[path as keyof typeof SCHEMAS];
    if (!route || req.method !== 'POST') {
      return reply(404, { error: { code: 'not_found', message: 'Not found' } });
    }
    const items = body[route.key] ?? [];
    const rejected: { index: number; fields: Record<string, string> }[] = [];
    let duplicates = 0;
    items.forEach((item, index) => {
      const parsed = route.schema.safeParse(item);
      if (!parsed.success) {
        rejected.push({ index, fields: fieldErrorsOf(parsed.error) });
        return;
      }
      if (route.key === 'samples') {
        const s = parsed.data as IngestSample;
        const key = `${s.contactId}@${s.timestamp}`;
        if (this.samples.has(key)) duplicates++;
        else this.samples.set(key, s);
      } else if (route.key === 'calls') {
        const c = parsed.data as IngestCall;
        this.calls.set(c.contactId, c);
      } else if (route.key === 'events') {
        const e = parsed.data as IngestEvent;
        const key = e.id ?? JSON.stringify(e);
        if (this.events.has(key)) duplicates++;
        else this.events.set(key, e);
      } else {
        const l = parsed.data as IngestLog;
        const key = l.id ?? JSON.stringify(l);
        if (this.logs.has(key)) duplicates++;
        else this.logs.set(key, l);
      }
    });
    const accepted = items.length - rejected.length;
    if (accepted === 0 && items.length > 0) {
      return reply(400, { error: { code: 'validation', message: 'No valid item' } });
    }
    reply(rejected.length > 0 ? 207 : 200, {
      accepted,
      duplicates,
      rejectedCount: rejected.length,
      rejected,
    });
  }
}
