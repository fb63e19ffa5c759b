import type { FastifyRequest, RouteOptions } from 'fastify';
import { z } from 'zod';
import { ECHO_LIMITS, listWithMore, nulCharacterMessage, quoteInput } from '@callsight/shared';
import type { App } from '../app-context.ts';
import { badRequest } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The longest text (value or key) any field of a JSON body may hold, used by the route or
     * not; by default the largest maxLength its body schema declares, at least BODY_TEXT_MAX_LENGTH.
     */
    bodyTextMaxLength?: number;
  }
}

/** The longest text a JSON body field may hold where its route's schema declares no more. */
export const BODY_TEXT_MAX_LENGTH = 10_000;

/** The text of the 400 naming a body field whose text is longer than its route allows. */
export const bodyTextTooLongMessage = (field: string, max: number) =>
  `${field} must be at most ${max} characters`;

// ES2024 string methods (in Node 20's V8); the project's lib is ES2023.
declare global {
  interface String {
    isWellFormed(): boolean;
    toWellFormed(): string;
  }
}

/**
 * In JSON, only an escape can carry U+0000 or a lone surrogate (raw, they are invalid JSON or
 * UTF-8): a body without one (nearly all: JSON.stringify writes neither) is not walked. A pair's
 * or an escaped backslash's text matches too; the walk then changes nothing.
 */
const SUSPECT_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

/** Routes that refuse an item holding U+0000 on its own, storing the rest of the batch. */
const refusesItemByItem = (url: string | undefined) =>
  url !== undefined && (url.startsWith('/api/ingest/v1/') || url === '/v1/traces');

const holdsNul = (text: string) => text.includes('\u0000');
const isWellFormed = (text: string) => text.isWellFormed();
const wellFormed = (text: string) => (text.isWellFormed() ? text : text.toWellFormed());

/** Well-formed keys for a record, in place: keys made equal keep the last value, as in JSON.parse. */
function wellFormedKeys(record: Record<string, unknown>): string[] {
  const keys = Object.keys(record);
  if (keys.every(isWellFormed)) return keys;
  const entries = keys.map((key) => [wellFormed(key), record[key]] as const);
  for (const key of keys) delete record[key];
  for (const [key, element] of entries) record[key] = element;
  return Object.keys(record);
}

/**
 * Makes every text of a parsed JSON value well-formed in place (a lone surrogate becomes U+FFFD,
 * in keys too) and answers whether a text or key holds U+0000. Iterative: JSON.parse takes
 * nesting deeper than the call stack.
 */
function makeTextsWellFormed(root: unknown): { value: unknown; holdsNul: boolean } {
  if (typeof root === 'string') return { value: wellFormed(root), holdsNul: holdsNul(root) };
  let nul = false;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    const keys = Array.isArray(node) ? null : wellFormedKeys(record);
    const count = keys ? keys.length : (node as unknown[]).length;
    for (let i = 0; i < count; i++) {
      const key = keys ? (keys[i] ?? '') : String(i);
      if (keys && !nul && holdsNul(key)) nul = true;
      const element = record[key];
      if (typeof element !== 'string') stack.push(element);
      else {
        if (!nul && holdsNul(element)) nul = true;
        if (!element.isWellFormed()) record[key] = element.toWellFormed();
      }
    }
  }
  return { value: root, holdsNul: nul };
}

/** The path of a text or key holding U+0000 ('' for the value itself), or null when none does. */
function nulPath(root: unknown): string | null {
  const stack: { node: unknown; path: string }[] = [{ node: root, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, path } = item;
    if (typeof node === 'string') {
      if (holdsNul(node)) return path;
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, element] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      if (holdsNul(key)) return at;
      stack.push({ node: element, path: at });
    }
  }
  return null;
}

/** The largest maxLength anywhere in a JSON schema (0 when none). */
function largestMaxLength(root: unknown): number {
  let max = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    const record = node as Record<string, unknown>;
    if (typeof record.maxLength === 'number') max = Math.max(max, record.maxLength);
    stack.push(...Object.values(record));
  }
  return max;
}

/** The route's bound on body texts: declared, else its body schema's largest, at least the default. */
export function bodyTextBound(route: Pick<RouteOptions, 'config' | 'schema'>): number {
  const declared = route.config?.bodyTextMaxLength;
  if (declared !== undefined) return declared;
  const body: unknown = route.schema?.body;
  if (!(body instanceof z.ZodType)) return BODY_TEXT_MAX_LENGTH;
  try {
    const json = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' });
    return Math.max(BODY_TEXT_MAX_LENGTH, largestMaxLength(json));
  } catch {
    return BODY_TEXT_MAX_LENGTH;
  }
}

/** The path of the first text or key longer than `max` in a parsed JSON value, or null. */
function overLongPath(root: unknown, max: number): string | null {
  const stack: { node: unknown; path: string }[] = [{ node: root, path: '' }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, path } = item;
    if (typeof node === 'string') {
      if (node.length > max) return path;
      continue;
    }
    if (typeof node !== 'object' || node === null) continue;
    for (const [key, element] of Object.entries(node)) {
      const at = path ? `${path}.${key}` : key;
      if (key.length > max) return at;
      stack.push({ node: element, path: at });
    }
  }
  return null;
}

/** The body field found too long by the parser, refused once the route's schema has passed. */
const overLongField = new WeakMap<FastifyRequest, { field: string; max: number }>();

/** The 400 naming the first field of `part` (body, params, query) that holds U+0000. */
function nulRefusal(part: string, path: string) {
  const field = path || part;
  return badRequest(`Invalid ${part}: ${field}`, { [field]: nulCharacterMessage(field) });
}

/**
 * Texts of every request are made storable before any route reads them (PostgreSQL text and
 * jsonb hold neither U+0000 nor a lone surrogate; either failed the request with 500):
 * - a lone surrogate in a JSON body becomes U+FFFD, as UTF-8 (protobuf, PostgreSQL text) must;
 * - U+0000 in a JSON body is refused with 400 naming the field, except on the ingestion routes,
 *   whose schemas refuse such an item alone; in a path or query parameter, always.
 * Every text and key of a JSON body is bounded too, whether the route reads the field or not
 * (issue 31): longer than the route's bodyTextMaxLength is 400 "<field> must be at most N
 * characters", after the schema's own messages. The ingestion routes cut telemetry texts instead.
 */
export function registerStorableInput(app: App) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, bodyTextMaxLength: bodyTextBound(route) };
  });
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, text: string, done) => {
      parseJson(request, text, (err: Error | null, parsed?: unknown) => {
        // A text is never longer than the body that holds it: most bodies are not walked.
        const max = request.routeOptions.config.bodyTextMaxLength ?? BODY_TEXT_MAX_LENGTH;
        if (!err && text.length > max && !refusesItemByItem(request.routeOptions.url)) {
          const field = overLongPath(parsed, max);
          if (field !== null) overLongField.set(request, { field: field || 'body', max });
        }
        if (err || text.indexOf('\\u') < 0 || !SUSPECT_ESCAPE.test(text)) return done(err, parsed);
        const walked = makeTextsWellFormed(parsed);
        if (walked.holdsNul && !refusesItemByItem(request.routeOptions.url))
          return done(nulRefusal('body', nulPath(walked.value) ?? ''), undefined);
        done(null, walked.value);
      });
    },
  );
  // After validation, so that a field's own rule (and its spec text) answers first.
  app.addHook('preHandler', async (request) => {
    const over = overLongField.get(request);
    if (!over) return;
    const field = quoteInput(over.field, ECHO_LIMITS.fieldNameChars);
    const message = bodyTextTooLongMessage(quoteInput(over.field), over.max);
    throw badRequest(`Invalid body: ${listWithMore([over.field])}`, { [field]: message });
  });
  app.addHook('preValidation', async (request) => {
    // A parameter can carry U+0000 only percent-encoded.
    if (!request.url.includes('%00')) return;
    for (const [part, values] of [
      ['params', request.params],
      ['query', request.query],
    ] as const) {
      const path = nulPath(values);
      if (path !== null) throw nulRefusal(part, path);
    }
  });
}
