import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { PUBLIC_ROUTES } from '../src/routes/public-routes.ts';
import { ROUTE_ROLES } from '../src/routes/route-roles.ts';

/**
 * The live OpenAPI document (`app.swagger()`) as route tests walk it: every operation, and bodies
 * built from its schemas. Tests that iterate it cover a new route without being told of it.
 */

/** One operation of the OpenAPI document, with what the walk needs of its schemas. */
export interface Operation {
  method: InjectOptions['method'] & string;
  /** As registered: `/api/users/:id`. */
  route: string;
  /** With every path parameter filled in. */
  url: string;
  /** The path parameters' names, in path order. */
  pathParams: string[];
  /** Each path parameter's schema. */
  pathSchemas: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
  query: string[];
}

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; schema?: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Every operation of the live OpenAPI document; path parameters get a random UUID. */
export function operations(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const id = randomUUID();
      out.push({
        method: method.toUpperCase() as Operation['method'],
        route: path.replace(/\{(\w+)\}/g, ':$1'),
        url: path.replace(/\{\w+\}/g, id),
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        pathSchemas: Object.fromEntries(
          (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema ?? {}]),
        ),
        body: op.requestBody?.content?.['application/json']?.schema,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return out;
}

/** `METHOD /path` as PUBLIC_ROUTES and ROUTE_ROLES name a route. */
export const routeKey = (op: Operation) => `${op.method} ${op.route}`;
export const isPublic = (op: Operation) => PUBLIC_ROUTES.has(routeKey(op));
/** Authenticated by a group's API key rather than a user's session. */
export const usesApiKey = (op: Operation) => ROUTE_ROLES[routeKey(op)]?.includes('apiKey') ?? false;
export const hasBody = (op: Operation) => op.method !== 'GET' && op.method !== 'DELETE';

/** The route's path with each parameter taken from `values` (URL-encoded). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.route.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${routeKey(op)}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** Whether a path parameter's schema takes `value` (so that a refusal is not about its form). */
export function acceptsText(schema: JsonSchema, value: string): boolean {
  if (schema.enum && !schema.enum.includes(value)) return false;
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return false;
  if (value.length < (schema.minLength ?? 0)) return false;
  return value.length <= (schema.maxLength ?? Infinity);
}

/** A value of another JSON type than every type the property accepts. */
function wrongValue(schema: JsonSchema): unknown {
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  const types = new Set(variants.flatMap((v) => [v.type ?? []].flat()));
  if (types.size === 0) return undefined;
  if (!types.has('number') && !types.has('integer')) return 12345;
  if (!types.has('object')) return { nested: { deep: [1, 2, 3] } };
  if (!types.has('string')) return 'not-of-this-type';
  return [true, 'x'];
}

/**
 * Bodies that break every property's type: all at once, one at a time, and with each choice of
 * each enumerated property kept valid (refinements that read one field when another is valid).
 */
export function wrongBodies(schema: JsonSchema | undefined): unknown[] {
  const properties = Object.entries(schema?.properties ?? {});
  const bodies: unknown[] = [{ unexpected: 'field' }, [1, 2], 'text'];
  const wrong: Record<string, unknown> = {};
  const choices: [string, unknown[]][] = [];
  for (const [name, property] of properties) {
    const value = wrongValue(property);
    if (value !== undefined) {
      wrong[name] = value;
      bodies.push({ [name]: value });
    }
    if (property.enum?.length) choices.push([name, property.enum.slice(0, 5)]);
  }
  bodies.push(wrong);
  const firstChoices = Object.fromEntries(choices.map(([name, values]) => [name, values[0]]));
  for (const [name, values] of choices) {
    for (const value of values) bodies.push({ ...wrong, ...firstChoices, [name]: value });
  }
  return bodies;
}

/** A text the property takes as it is (by its format), so that only the chosen text is hostile. */
function plainText(schema: JsonSchema): string {
  if (schema.format === 'email') return 'walk@example.com';
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'uri') return 'https://example.com/walk';
  return 'walk'.padEnd(schema.minLength ?? 0, 'k');
}

/**
 * A body the schema accepts by its types, each text made by `text` (numbers at their minimum,
 * enumerations at their first choice, one item per list, one key per record); `{}` takes a text.
 */
export function bodyOf(schema: JsonSchema, text: (plain: string) => string, depth = 0): unknown {
  if (schema.enum?.length) return schema.enum[0];
  const variant = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((v) => v.type !== 'null');
  if (variant) return bodyOf(variant, text, depth);
  const types = [schema.type ?? []].flat();
  if (depth > 6) return null;
  if (types.includes('object') || schema.properties) {
    const body: Record<string, unknown> = {};
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      body[name] = bodyOf(property, text, depth + 1);
    const extra = schema.additionalProperties;
    if (!schema.properties && typeof extra === 'object')
      body[text('key')] = bodyOf(extra, text, depth + 1);
    return body;
  }
  if (types.includes('array'))
    return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
      bodyOf(schema.items ?? {}, text, depth + 1),
    );
  if (types.includes('integer') || types.includes('number')) return schema.minimum ?? 1;
  if (types.includes('boolean')) return true;
  return text(plainText(schema));
}

/** Bodies with `hostile` in every text at once, then in one text at a time. */
export function hostileBodies(schema: JsonSchema | undefined, hostile: string): unknown[] {
  if (!schema) return [];
  let texts = 0;
  const all = bodyOf(schema, () => {
    texts++;
    return hostile;
  });
  const bodies = [all];
  for (let chosen = 0; chosen < texts; chosen++) {
    let at = 0;
    bodies.push(bodyOf(schema, (plain) => (at++ === chosen ? hostile : plain)));
  }
  return bodies;
}
