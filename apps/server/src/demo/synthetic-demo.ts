import { CONNECT_REGION_CODES } from '@callsight/shared';
import type { DbOrTx } from '../db/client.ts';
import type { GroupScope } from '../db/group-scope.ts';
import { configEntries, heartbeatTests } from '../db/schema/index.ts';

/** The demo contact centre's number (answered by the built-in contact-centre simulator). */
export const DEMO_TARGET_NUMBER = '+61290002000';
export const DEMO_VIRTUAL_AGENTS = ['Sydney Virtual Agent', 'Billing Bot'];

/**
 * The demo group's heartbeat settings (issue 18): its target number and virtual agents, the
 * connect region, short test calls, the dial number of each connect region, and tagging configs
 * that name poor quality and slow answers, so the logs and reports have tags to show.
 */
export function demoHeartbeatEntries(): { key: string; value: string }[] {
  const connectNumbers = Object.values(CONNECT_REGION_CODES).map((region, i) => ({
    region,
    number: `+6129000${2100 + i}`,
  }));
  return [
    { key: 'HEARTBEAT_TARGET_PHONE_NUMBERS', value: JSON.stringify([DEMO_TARGET_NUMBER]) },
    { key: 'HEARTBEAT_VIRTUAL_AGENT_NAMES', value: JSON.stringify(DEMO_VIRTUAL_AGENTS) },
    { key: 'HEARTBEAT_CONNECT_REGIONS', value: JSON.stringify(['ap-southeast-2']) },
    { key: 'HEARTBEAT_CALL_DURATION_SECONDS', value: '12' },
    { key: 'HEARTBEAT_NO_ANSWER_TIMEOUT_SECONDS', value: '15' },
    { key: 'GSM_CONNECT_NUMBERS', value: JSON.stringify(connectNumbers) },
    {
      key: 'CALL_TAG_CONFIGURATIONS',
      value: JSON.stringify([
        {
          name: 'Call quality',
          field: 'mos',
          conditions: [
            { name: 'Poor call quality', operator: '<', threshold: 3.5 },
            { name: 'Very Poor call quality', operator: '<', threshold: 3 },
          ],
        },
        {
          name: 'Audio latency',
          field: 'audioLatency',
          conditions: [
            { name: 'High audio latency', operator: '>', threshold: 300 },
            { name: 'Very High audio latency', operator: '>', threshold: 600 },
          ],
        },
        {
          name: 'Post dial delay',
          field: 'postDialDelay',
          conditions: [{ name: 'High post dial delay', operator: '>', threshold: 3000 }],
        },
      ]),
    },
  ];
}

/** The demo group's heartbeat config and an hourly test of its virtual agent. */
export async function seedDemoHeartbeat(tx: DbOrTx, scope: GroupScope): Promise<void> {
  await tx.insert(configEntries).values(scope.rows(configEntries, demoHeartbeatEntries()));
  const now = new Date();
  await tx.insert(heartbeatTests).values(
    scope.row(heartbeatTests, {
      description: 'Sydney virtual agent, hourly',
      agentType: 'VIRTUAL_AGENT',
      agentIds: [DEMO_VIRTUAL_AGENTS[0] ?? 'Sydney Virtual Agent'],
      sourcePhoneNumber: '+61290000300',
      targetPhoneNumber: DEMO_TARGET_NUMBER,
      scheduleMinutes: 60,
      createdOn: now,
      nextRun: now,
    }),
  );
}
