// autocannon 9 ships no types and @types/autocannon is not installed: this declares only the
// parts the benchmarks use (single-process mode, callback form). Extend it as benchmarks need.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  /** Per-connection state carried from one request of a sequence to the next. */
  export type Context = Record<string, unknown>;

  export interface Request {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Returns the request to send; a falsy value restarts the sequence (counted in `resets`). */
    setupRequest?: (request: Request, context: Context) => Request | null | undefined;
    onResponse?: (
      status: number,
      body: string,
      context: Context,
      headers: Record<string, string | string[]>,
    ) => void;
  }

  export interface Options {
    url: string;
    title?: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    /** Seconds to wait for one response. */
    timeout?: number;
    requests?: Request[];
    initialContext?: Context;
  }

  /** hdr-histogram-percentiles-obj summary; latency in milliseconds. */
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    total: number;
    p50: number;
    p90: number;
    p97_5: number;
    p99: number;
  }

  export interface Result {
    title?: string;
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
    errors: number;
    timeouts: number;
    mismatches: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
  }

  export interface Instance extends EventEmitter {
    stop(): void;
  }

  export default function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;
}
