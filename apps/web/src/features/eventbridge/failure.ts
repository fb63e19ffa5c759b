import type { EventBridgeFailure } from '@callsight/shared';
import { CLIENT_ERROR_CODES, isApiError } from '../../lib/api-client.ts';

/** What the client saw of a failed call: an HTTP answer from the server, or none (network). */
export function toFailure(err: unknown): EventBridgeFailure {
  if (isApiError(err) && err.code !== CLIENT_ERROR_CODES.network && err.status > 0) {
    return {
      http: true,
      status: err.status,
      message: err.message,
      ...(err.fields ? { fields: err.fields } : {}),
    };
  }
  return { http: false };
}
