import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  attachToAmazonConnect,
  type AmazonConnectLike,
  type ConnectAgentLike,
  type ConnectContactLike,
  type StatsEntry,
} from '../src/index.ts';
import recorded from './fixtures/chromium-local-call.json';
import { IngestServer } from './support/ingest-server.ts';

const reports = (recorded as { reports: StatsEntry[][] }).reports;

/**
 * The slice of amazon-connect-streams the adapter uses, driven by the test the way the CCP
 * drives it: contacts connect, refresh (hold) and end; the agent toggles mute.
 */
function streams() {
  type Handler = (c: ConnectContactLike) => void;
  let contactHandler: Handler = () => {};
  let muteHandler: (e: { muted: boolean }) => void = () => {};
  let calls = 0;
  const pc = {
    getStats: async () => reports[Math.min(calls++, reports.length - 1)] ?? [],
  };
  const sessions = new Map<string, { _pc: typeof pc }>();
  const connect: AmazonConnectLike = {
    contact: (cb) => {
      contactHandler = cb;
    },
    agent: (cb: (a: ConnectAgentLike) => void) =>
      cb({
        getConfiguration: () => ({ username: 'maria.connect' }),
        onMuteToggle: (h) => {
          muteHandler = h;
        },
      }),
    core: { getSoftphoneManager: () => ({ getSession: (id: string) => sessions.get(id) }) },
  };
  function newContact(contactId: string, connectionId: string) {
    const handlers = {
      connected: [] as Handler[],
      refresh: [] as Handler[],
      ended: [] as Handler[],
    };
    let onHold = false;
    const contact: ConnectContactLike = {
      getContactId: () => contactId,
      isSoftphoneCall: () => true,
      isInbound: () => false,
      getAgentConnection: () => ({ getConnectionId: () => connectionId, isOnHold: () => onHold }),
      onConnected: (cb) => handlers.connected.push(cb),
      onRefresh: (cb) => handlers.refresh.push(cb),
      onEnded: (cb) => handlers.ended.push(cb),
    };
    contactHandler(contact);
    return {
      connect() {
        sessions.set(connectionId, { _pc: pc });
        handlers.connected.forEach((h) => h(contact));
      },
      hold(value: boolean) {
        onHold = value;
        handlers.refresh.forEach((h) => h(contact));
      },
      end: () => handlers.ended.forEach((h) => h(contact)),
    };
  }
  return {
    connect,
    newContact,
    mute: (muted: boolean) => muteHandler({ muted }),
    statsCalls: () => calls,
  };
}

let server: IngestServer;
beforeEach(async () => {
  server = new IngestServer();
  await server.start();
});
afterEach(() => server.stop());

describe('attachToAmazonConnect', () => {
  it("collects a softphone contact: the session's peer connection, hold, mute, direction and agent", async () => {
    const s = streams();
    const attachment = attachToAmazonConnect(s.connect, {
      endpoint: server.url,
      apiKey: 'cs_test_key',
      sampleIntervalMs: 25,
      flushIntervalMs: 50,
      cpu: false,
      storage: false,
    });
    const contact = s.newContact('connect-contact-1', 'agent-conn-1');
    contact.connect();
    expect([...attachment.active.keys()]).toEqual(['connect-contact-1']);
    await server.until(() => server.samples.size >= 2);
    contact.hold(true);
    const from = s.statsCalls();
    await server.until(() => s.statsCalls() >= from + 3);
    contact.hold(false);
    s.mute(true);
    const mutedFrom = s.statsCalls();
    await server.until(() => s.statsCalls() >= mutedFrom + 3);
    contact.end();
    expect(attachment.active.size).toBe(0);
    await server.until(() => server.calls.get('connect-contact-1')?.endTime != null);
    await attachment.detach();

    expect(server.calls.get('connect-contact-1')).toMatchObject({
      agent: 'maria.connect',
      direction: 'OUTBOUND',
      holdIntervals: [{ start: expect.any(Number), end: expect.any(Number) }],
    });
    const statuses = new Set([...server.samples.values()].map((x) => x.agentStatus));
    expect(statuses).toEqual(new Set(['Talk', 'On Hold', 'On Mute']));
  });
});
