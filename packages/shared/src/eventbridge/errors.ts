import { EVENTBRIDGE_TEXTS } from './constants.ts';

/** A failed call as the client saw it: an HTTP answer (status, message, fields) or none at all. */
export type EventBridgeFailure =
  | { http: true; status: number; message: string; fields?: Record<string, string> }
  | { http: false };

/** The text to show for a failed create (spec 000 §8): server text mapped to the spec's messages. */
export function createEventSourceErrorText(failure: EventBridgeFailure): string {
  if (!failure.http) return EVENTBRIDGE_TEXTS.createUnexpected;
  const { message, fields } = failure;
  if (
    message.includes('Caller is not allowlisted') ||
    message === EVENTBRIDGE_TEXTS.notAllowlisted
  ) {
    return EVENTBRIDGE_TEXTS.notAllowlisted;
  }
  if (message.includes('ResourceAlreadyExists') || message === EVENTBRIDGE_TEXTS.alreadyExists) {
    return EVENTBRIDGE_TEXTS.alreadyExists;
  }
  if (
    fields?.eventSourceName !== undefined ||
    message === EVENTBRIDGE_TEXTS.namePatternFailure ||
    /regular expression pattern|failed to satisfy constraint/i.test(message)
  ) {
    return EVENTBRIDGE_TEXTS.namePatternFailure;
  }
  return EVENTBRIDGE_TEXTS.createHttpError;
}

/** The text to show for a failed list or delete (spec 000 §8): the server's text, else a fallback. */
export function fetchEventSourcesErrorText(failure: EventBridgeFailure): string {
  if (failure.http && failure.message.trim()) return failure.message;
  return EVENTBRIDGE_TEXTS.fetchUnexpected;
}
