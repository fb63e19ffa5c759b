/**
 * The messages between a framing page (Canvas, Dashboards) and the embed in its frame, always
 * posted to and accepted from our own origin only (decision C3).
 * - embed → frame: `navigate` (a call link), `embed-ready` (listening: send the latest token),
 *   `range` (the range picked in the dashboard or by dragging across a chart: the framing page
 *   keeps it in its address, as the time-range picker does);
 * - frame → embed: `token` (a renewed guest token; the fragment's first one expires in 5 min).
 */
export type FrameMessage =
  | { type: 'navigate'; path: string }
  | { type: 'embed-ready' }
  | { type: 'token'; token: string }
  | { type: 'range'; range: string };

/** The message if it is one of ours from our own origin, else null. */
export function frameMessage(event: MessageEvent): FrameMessage | null {
  if (event.origin !== window.location.origin) return null;
  const data = event.data as {
    type?: unknown;
    path?: unknown;
    token?: unknown;
    range?: unknown;
  } | null;
  if (typeof data !== 'object' || data === null) return null;
  if (data.type === 'navigate' && typeof data.path === 'string')
    return { type: 'navigate', path: data.path };
  if (data.type === 'embed-ready') return { type: 'embed-ready' };
  if (data.type === 'token' && typeof data.token === 'string' && data.token)
    return { type: 'token', token: data.token };
  if (data.type === 'range' && typeof data.range === 'string' && data.range)
    return { type: 'range', range: data.range };
  return null;
}

/** Posts a message to another window of our origin (a frame, or the page framing this one). */
export function postFrameMessage(target: Window | null | undefined, message: FrameMessage) {
  target?.postMessage(message, window.location.origin);
}
