import { CallDetailSchema, type CallDetail } from '@callsight/shared';

const RestSchema = CallDetailSchema.omit({ seconds: true });

/**
 * The call detail answer's JSON from its seconds, already a JSON array (readCallSecondsJson), and
 * the rest, checked and encoded by the schema as the route's serializer would: the same text as
 * serializing the whole answer through CallDetailSchema, whose key order puts `seconds` first.
 */
export function callDetailJson(seconds: string, rest: Omit<CallDetail, 'seconds'>): string {
  const encoded = RestSchema.safeEncode(rest);
  if (!encoded.success)
    throw new Error('The call detail answer does not match its schema', { cause: encoded.error });
  return `{"seconds":${seconds},${JSON.stringify(encoded.data).slice(1)}`;
}
