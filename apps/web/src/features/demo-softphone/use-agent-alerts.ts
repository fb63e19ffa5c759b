import { useEffect, useState } from 'react';
import { onAgentAlert, type AgentAlert } from '@callsight/collector';

export type AlertSocketStatus = 'off' | 'connecting' | 'listening' | 'error';

/** Who listens: the group API key and the agent name the collector sends. */
export interface AlertListener {
  apiKey: string;
  agent: string;
}

/**
 * Subscribes to the agent's workflow notifications and alerts with the collector's onAgentAlert
 * (same origin as the endpoint) while `listener` is set; newest alert first.
 */
export function useAgentAlerts(
  listener: AlertListener | null,
  onAlert: (alert: AgentAlert) => void,
) {
  const [status, setStatus] = useState<AlertSocketStatus>('off');
  const [error, setError] = useState<string | null>(null);
  const [alerts, setAlerts] = useState<AgentAlert[]>([]);
  const apiKey = listener?.apiKey ?? '';
  const agent = listener?.agent ?? '';

  // The newest handler without resubscribing on every render.
  const [handler] = useState(() => ({ current: onAlert }));
  useEffect(() => {
    handler.current = onAlert;
  }, [handler, onAlert]);

  useEffect(() => {
    if (!apiKey || !agent) {
      setStatus('off');
      return;
    }
    setStatus('connecting');
    setError(null);
    const stop = onAgentAlert(
      {
        endpoint: window.location.origin,
        apiKey,
        agent,
        onConnect: () => {
          setStatus('listening');
          setError(null);
        },
        onError: (e) => {
          setStatus('error');
          setError(e.message);
        },
      },
      (alert) => {
        setAlerts((prev) => [alert, ...prev].slice(0, 100));
        handler.current(alert);
      },
    );
    return stop;
  }, [apiKey, agent, handler]);

  return { status, error, alerts, clear: () => setAlerts([]) };
}
