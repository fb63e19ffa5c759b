import { CallDetailAnswerSchema, type CallDetailAnswer } from '@callsight/shared';

const RestSchema = CallDetailAnswerSchema.omit({ seconds: true });

/**
 * The call detail answer's JSON after its seconds (`,"summary":...}`), checked and encoded by the
 * schema as the route's serializer would: `{"seconds":` and the seconds' columns
 * (writeCallSecondsJson), then this, is the same text as serializing the whole answer through
 * CallDetailAnswerSchema, whose key order puts `seconds` first.
 */
export function callDetailTail(rest: Omit<CallDetailAnswer, 'seconds'>): string {
  const encoded = RestSchema.safeEncode(rest);
  if (!encoded.success)
    throw new Error('The call detail answer does not match its schema', { cause: encoded.error });
  return `,${JSON.stringify(encoded.data).slice(1)}`;
}
