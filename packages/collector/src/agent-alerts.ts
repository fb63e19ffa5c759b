/**
 * Agent alerts and notifications from Callsight workflows (issue 6), received over the server's
 * push socket (socket.io on /socket.io) with the group API key. The few frames of the socket.io
 * v4 protocol needed are spoken over a plain WebSocket, so the collector keeps no dependency.
 */

/** A message of a workflow action for the agent's softphone. */
export interface AgentAlert {
  type: 'agent-notification' | 'agent-alert' | 'app-specific';
  workflowId: string | null;
  workflowName: string;
  contactId: string | null;
  /** Agent notifications: Network Issue, Audio Issue, Audio Delay, Crosstalk, Background Noise. */
  messageType?: string;
  /** Agent notifications: Thumbs Up/Down, Yes/No, No Buttons, Run Network Test, Link. */
  actionButton?: string;
  link?: string;
  body: string;
  sentAt: string;
}

/** What the module uses of a WebSocket (the browser's, or the `ws` package's in Node). */
export interface WebSocketLike {
  send(data: string): void;
  close(): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onclose: ((event: unknown) => void) | null;
}

/** The WebSocket the browser has; in Node before 22, pass the `ws` package's. */
export type WebSocketConstructor = new (url: string) => WebSocketLike;

export interface AgentAlertOptions {
  /** The Callsight server, as for createCollector. */
  endpoint: string;
  apiKey: string;
  /** The agent as the collector sends it in call summaries. */
  agent: string;
  onError?: (error: Error) => void;
  /** Told each time the socket is accepted: from then on, alerts for the agent arrive. */
  onConnect?: () => void;
  /** Reconnection delay after a lost socket, doubled up to 30 s (default 1000 ms). */
  reconnectDelayMs?: number;
  WebSocket?: WebSocketConstructor;
}

const MAX_RECONNECT_MS = 30_000;

/** The socket.io endpoint of a Callsight server URL (http → ws, https → wss). */
export function agentSocketUrl(endpoint: string): string {
  const base = endpoint.replace(/\/+$/, '').replace(/^http/, 'ws');
  return `${base}/socket.io/?EIO=4&transport=websocket`;
}

function parseAlert(frame: string): AgentAlert | null {
  // 42["message",{"page":"agent:…","data":{…}}]: a socket.io EVENT on the default namespace.
  if (!frame.startsWith('42')) return null;
  try {
    const [name, payload] = JSON.parse(frame.slice(2)) as [unknown, { data?: unknown }];
    if (name !== 'message' || typeof payload?.data !== 'object' || payload.data === null)
      return null;
    const data = payload.data as AgentAlert;
    return typeof data.type === 'string' && typeof data.body === 'string' ? data : null;
  } catch {
    return null;
  }
}

/**
 * Calls `handler` with every agent notification and alert Callsight workflows send to this agent,
 * reconnecting after a lost connection. Answers a function that stops listening.
 */
export function onAgentAlert(
  options: AgentAlertOptions,
  handler: (alert: AgentAlert) => void,
): () => void {
  const found = options.WebSocket ?? (globalThis as { WebSocket?: WebSocketConstructor }).WebSocket;
  if (!found) throw new Error('No WebSocket available: pass options.WebSocket');
  const Ctor: WebSocketConstructor = found;
  const baseDelay = options.reconnectDelayMs ?? 1000;
  let delay = baseDelay;
  let closed = false;
  let socket: WebSocketLike | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fail = (message: string) => options.onError?.(new Error(message));

  function connect() {
    const ws = new Ctor(agentSocketUrl(options.endpoint));
    socket = ws;
    ws.onmessage = (event) => {
      const frame = String(event.data);
      if (frame.startsWith('0')) {
        // Engine.IO open: connect to the default namespace with the API key and agent.
        ws.send(`40${JSON.stringify({ apiKey: options.apiKey, agent: options.agent })}`);
      } else if (frame === '2') {
        ws.send('3');
      } else if (frame.startsWith('40')) {
        delay = baseDelay;
        options.onConnect?.();
      } else if (frame.startsWith('44')) {
        fail(`Callsight refused the alert socket: ${frame.slice(2)}`);
      } else {
        const alert = parseAlert(frame);
        if (alert) handler(alert);
      }
    };
    ws.onerror = () => fail('Callsight alert socket error');
    ws.onclose = () => {
      socket = null;
      if (closed) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, MAX_RECONNECT_MS);
    };
  }

  connect();
  return () => {
    closed = true;
    if (timer) clearTimeout(timer);
    socket?.close();
  };
}
