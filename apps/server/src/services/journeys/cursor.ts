import { badRequest } from '../../lib/errors.ts';
import { TRACE_TEXTS } from '@callsight/shared';

/** A position in the trace list: a trace's start (epoch microseconds) and id, and a direction. */
export interface TraceCursor {
  startUs: string;
  traceId: string;
  /** 'after': the page following this trace; 'before': the page preceding it. */
  dir: 'after' | 'before';
}

/** The cursor as an opaque URL-safe token. */
export function encodeCursor(c: TraceCursor): string {
  return Buffer.from(`${c.dir === 'after' ? 'a' : 'b'}|${c.startUs}|${c.traceId}`).toString(
    'base64url',
  );
}

/** Reads a token of encodeCursor; 400 naming page[cursor] otherwise. */
export function decodeCursor(token: string): TraceCursor {
  const parts = Buffer.from(token, 'base64url').toString('utf8').split('|');
  const [dir, startUs, traceId] = parts;
  if (
    parts.length !== 3 ||
    (dir !== 'a' && dir !== 'b') ||
    !startUs ||
    !/^-?\d{1,19}$/.test(startUs) ||
    !traceId ||
    !/^[0-9a-f]{1,64}$/.test(traceId)
  )
    throw badRequest(TRACE_TEXTS.badCursor, { 'page[cursor]': TRACE_TEXTS.badCursor });
  return { dir: dir === 'a' ? 'after' : 'before', startUs, traceId };
}
