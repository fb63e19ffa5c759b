import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  ECHO_LIMITS,
  ERROR_CODES,
  listWithMore,
  quoteInput,
  truncateText,
  type ApiError,
} from '@callsight/shared';
import { AppError } from './errors.ts';

/**
 * The error with its message, field names and field messages cut to ECHO_LIMITS, and only the
 * fields that fit ECHO_LIMITS.fields and .fieldsChars: names and messages may carry input (a
 * record key, a region), and an answer never grows with it.
 */
export function boundedError(body: ApiError): ApiError {
  const { code, message, fields } = body.error;
  const error = { code, message: truncateText(message, ECHO_LIMITS.messageChars) };
  if (!fields) return { error };
  const entries = Object.entries(fields);
  const kept: Record<string, string> = {};
  let shown = 0;
  let chars = 0;
  for (const [name, text] of entries) {
    const key = quoteInput(name, ECHO_LIMITS.fieldNameChars);
    const value = truncateText(text, ECHO_LIMITS.fieldMessageChars);
    chars += key.length + value.length;
    if (shown === ECHO_LIMITS.fields || chars > ECHO_LIMITS.fieldsChars) break;
    if (key in kept) continue;
    kept[key] = value;
    shown++;
  }
  if (shown < entries.length) kept['…'] = `and ${entries.length - shown} more`;
  return { error: { ...error, fields: kept } };
}

/** Turns every failure into `{ error: { code, message, fields? } }` with the right status. */
export function errorHandler(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const send = (status: number, body: ApiError) => reply.code(status).send(boundedError(body));

  if (err instanceof AppError) {
    if (err.retryAfterSeconds !== undefined)
      reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
    return send(err.statusCode, {
      error: {
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      },
    });
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const fields: Record<string, string> = {};
    for (const v of err.validation) {
      const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const name = quoteInput(
        path || fieldFromUnrecognized(v.keyword, v.params),
        ECHO_LIMITS.fieldNameChars,
      );
      if (!fields[name]) fields[name] = v.message ?? 'Invalid value';
    }
    const where = err.validationContext ?? 'body';
    const names = listWithMore(Object.keys(fields));
    return send(400, {
      error: { code: ERROR_CODES.validation, message: `Invalid ${where}: ${names}`, fields },
    });
  }
  if (isResponseSerializationError(err)) {
    request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
    return send(500, { error: { code: ERROR_CODES.internal, message: 'Internal server error' } });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return send(400, { error: { code: ERROR_CODES.validation, message: 'Malformed JSON body' } });
  }
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return send(413, {
      error: { code: ERROR_CODES.tooLarge, message: 'Request body is too large' },
    });
  }
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    return send(415, {
      error: { code: ERROR_CODES.validation, message: 'Unsupported content type' },
    });
  }
  if (err.statusCode === 429) {
    return send(429, { error: { code: ERROR_CODES.rateLimited, message: err.message } });
  }
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return send(err.statusCode, { error: { code: ERROR_CODES.validation, message: err.message } });
  }
  request.log.error({ err }, 'unhandled error');
  return send(500, { error: { code: ERROR_CODES.internal, message: 'Internal server error' } });
}

/** Unknown keys of a strict object have an empty path; name them from the issue. */
function fieldFromUnrecognized(keyword: string, params: Record<string, unknown>): string {
  const keys = params.keys;
  if (keyword === 'unrecognized_keys' && Array.isArray(keys) && keys.length > 0)
    return listWithMore(keys.map(String));
  return '_';
}
