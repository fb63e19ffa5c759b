import { CONNECT_REGION_CODES } from '@callsight/shared';
import type { DbOrTx } from '../db/client.ts';
import type { GroupScope } from '../db/group-scope.ts';
import { configEntries, gsmMonitors, heartbeatTests } from '../db/schema/index.ts';

/** The demo contact centre's number (answered by the built-in contact-centre simulator). */
export const DEMO_TARGET_NUMBER = '+61290002000';
export const DEMO_VIRTUAL_AGENTS = ['Sydney Virtual Agent', 'Billing Bot'];

/**
 * The demo group's heartbeat settings (issue 18): its target number and virtual agents, the
 * connect region, short test calls, the dial number of each connect region, and tagging configs
 * for the warning tags of spec 002 §9 (quality, latency, post dial delay, packet loss, CPU,
 * memory, softphone error, browser), so the logs and reports have tags to show.
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
        {
          name: 'Packet loss',
          field: 'packetLoss',
          conditions: [
            { name: 'High packet loss', operator: '>', threshold: 1 },
            { name: 'Very High packet loss', operator: '>', threshold: 2.5 },
          ],
        },
        {
          name: 'CPU',
          field: 'cpu',
          conditions: [
            { name: 'High CPU usage', operator: '>', threshold: 80 },
            { name: 'Very High CPU usage', operator: '>', threshold: 90 },
          ],
        },
        {
          name: 'Memory',
          field: 'memory',
          conditions: [
            { name: 'High memory usage', operator: '>', threshold: 80 },
            { name: 'Very High memory usage', operator: '>', threshold: 90 },
          ],
        },
        {
          name: 'Softphone',
          field: 'softphoneError',
          conditions: [{ name: 'Softphone error', operator: '>', threshold: 0 }],
        },
        {
          name: 'Browser',
          field: 'unsupportedBrowser',
          conditions: [{ name: 'Unsupported browser', operator: '>', threshold: 0 }],
        },
      ]),
    },
  ];
}

/**
 * The demo's GSM monitor (decision G17): two connect regions and two agent regions, one clean and
 * one impaired on each side of its network profiles (Sydney clean; London 30 ms and 0.1 % loss;
 * Mumbai 110 ms, 15 ms jitter and 3 % loss), so that the status map, insights and scores differ by
 * region. Every 30 minutes: four 12-second calls a slot, light on two cores.
 */
export const DEMO_MONITOR = {
  description: 'Sydney and London to Sydney and Mumbai agents, every 30 minutes',
  connectRegions: ['Sydney', 'London'],
  agentRegions: ['Sydney', 'Mumbai'],
  scheduleMinutes: 30,
  /**
   * Its first slot waits this long after the first start: by then the demo history is seeded,
   * so the first calls' relays do not share the busy start-up (their audio would suffer).
   */
  firstRunDelayMs: 2 * 60_000,
} as const;

/**
 * The demo group's heartbeat config, an hourly test of its virtual agent (first slot at once)
 * and the monitor across a clean and an impaired region (first slot two minutes later).
 */
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
  await tx.insert(gsmMonitors).values(
    scope.row(gsmMonitors, {
      description: DEMO_MONITOR.description,
      connectRegions: [...DEMO_MONITOR.connectRegions],
      agentRegions: [...DEMO_MONITOR.agentRegions],
      scheduleMinutes: DEMO_MONITOR.scheduleMinutes,
      createdOn: now,
      nextRun: new Date(now.getTime() + DEMO_MONITOR.firstRunDelayMs),
    }),
  );
}
