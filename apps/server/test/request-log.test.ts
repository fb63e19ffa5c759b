import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';
import { errorHandler } from '../src/lib/error-handler.ts';
import { loggerOptions } from '../src/lib/request-log.ts';

/**
 * Request lines (issue 33 §3): at the default LOG_LEVEL (info) a request leaves no line on the
 * console; LOG_LEVEL=debug shows them; a 5xx answer is logged at every level that logs errors.
 */

interface Line {
  level: number;
  msg?: string;
  res?: { statusCode?: number };
}

/** A stream the logger writes to, its JSON lines kept. */
function captured() {
  const lines: Line[] = [];
  return {
    lines,
    stream: { write: (msg: string) => void lines.push(JSON.parse(msg) as Line) },
    requestLines: () =>
      lines.filter((l) => /^(incoming request|request completed)$/.test(l.msg ?? '')),
  };
}

const ERROR = 50;

describe.each([
  { level: 'info', expected: [] },
  { level: 'debug', expected: ['incoming request', 'request completed'] },
] as const)('request logs of the app at LOG_LEVEL=$level', ({ level, expected }) => {
  const log = captured();
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ LOG_LEVEL: level }, { logStream: log.stream });
  });
  afterAll(() => server.close());

  it(expected.length ? 'logs each request' : 'leaves no line for a request', async () => {
    expect((await server.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await server.app.inject({ url: '/api/no-such-route' })).statusCode).toBe(404);
    expect(log.requestLines().map((l) => l.msg)).toEqual([...expected, ...expected]);
  });
});

describe('request logs of a failing route', () => {
  /** An app with the server's logging and error handler, whose routes answer 500. */
  async function failingApp(level: 'info' | 'error') {
    const log = captured();
    const app = Fastify(loggerOptions(level, log.stream));
    app.setErrorHandler(errorHandler);
    app.get('/throws', async () => {
      throw new Error('boom');
    });
    app.get('/answers-500', async (_request, reply) => reply.code(500).send({ failed: true }));
    await app.ready();
    return { app, log };
  }

  it.each(['info', 'error'] as const)('logs a 5xx answer at LOG_LEVEL=%s', async (level) => {
    const { app, log } = await failingApp(level);
    try {
      expect((await app.inject({ url: '/throws' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/answers-500' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
    const errors = log.lines.filter((l) => l.level >= ERROR);
    // The thrown error (with its stack), and each 5xx answer's completion line.
    expect(errors.map((l) => l.msg)).toEqual([
      'unhandled error',
      'request completed',
      'request completed',
    ]);
    expect(errors.filter((l) => l.res?.statusCode === 500)).toHaveLength(2);
  });
});
