import { agentPushPage } from '@callsight/shared';
import type { PushPublisher } from '../../push/push-server.ts';

/** A message for the agent's softphone, as the collector's onAgentAlert receives it. */
export interface AgentPushMessage {
  type: 'agent-notification' | 'agent-alert' | 'app-specific';
  workflowId: string | null;
  workflowName: string;
  contactId: string | null;
  messageType?: string | undefined;
  actionButton?: string | undefined;
  link?: string | undefined;
  body: string;
  sentAt: string;
}

/** Agent notifications and alerts: published to the agent's page of the group over socket.io. */
export interface AgentPushAdapter {
  send(groupId: string, agent: string, message: AgentPushMessage): Promise<{ response: string }>;
}

export function createAgentPushAdapter(push: Pick<PushPublisher, 'publish'>): AgentPushAdapter {
  return {
    async send(groupId, agent, message) {
      const page = agentPushPage(agent);
      push.publish(groupId, page, message);
      return { response: `Published to ${page}` };
    },
  };
}
