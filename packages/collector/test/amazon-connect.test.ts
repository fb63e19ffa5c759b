import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  attachToAmazonConnect,
  contactAttributes,
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
  function newContact(
    contactId: string,
    connectionId: string,
    attributes: Record<string, string> = {},
  ) {
    const handlers = {
      connected: [] as Handler[],
      refresh: [] as Handler[],
      ended: [] as Handler[],
    };
    let onHold = false;
    let current = attributes;
    const contact: ConnectContactLike = {
      getContactId: () => contactId,
      isSoftphoneCall: () => true,
      isInbound: () => false,
      getAgentConnection: () => ({ getConnectionId: () => connectionId, isOnHold: () => onHold }),
      // Streams' shape: { name: { name, value } }.
      getAttributes: () =>
        Object.fromEntries(Object.entries(current).map(([name, value]) => [name, { name, value }])),
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
      /** The contact flow sets attributes: Streams refreshes the contact. */
      setAttributes(next: Record<string, string>) {
        current = next;
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

describe('attachToAmazonConnect: agent groups and contact attributes', () => {
  const options = () => ({
    endpoint: server.url,
    apiKey: 'cs_test_key',
    flushIntervalMs: 50,
    cpu: false,
    storage: false as const,
  });
  const summaries = (contactId: string) =>
    server.requests
      .filter((r) => r.path === '/api/ingest/v1/calls')
      .flatMap((r) => r.body.calls ?? [])
      .filter((c) => (c as { contactId: string }).contactId === contactId) as {
      agentGroups?: unknown;
      ctrAttributes?: unknown;
    }[];

  it("sends the host's agent groups and the contact's attributes in the summary", async () => {
    const s = streams();
    const attachment = attachToAmazonConnect(s.connect, {
      ...options(),
      agentGroups: ['Sydney', 'Billing'],
    });
    const contact = s.newContact('connect-groups', 'conn-g', {
      queue: 'Billing',
      customerTier: 'Gold',
    });
    contact.connect();
    await server.until(() => server.calls.has('connect-groups'));
    expect(summaries('connect-groups')[0]).toMatchObject({
      agentGroups: ['Sydney', 'Billing'],
      ctrAttributes: { queue: 'Billing', customerTier: 'Gold' },
    });
    // The flow sets an attribute after the agent connected: the summary is sent again.
    contact.setAttributes({ queue: 'Billing', customerTier: 'Platinum' });
    await server.until(
      () => (server.calls.get('connect-groups')?.ctrAttributes ?? {}).customerTier === 'Platinum',
    );
    const sentBefore = summaries('connect-groups').length;
    contact.hold(true); // hold and the end resend the summary, attributes as they are
    contact.hold(false);
    contact.end();
    await server.until(() => server.calls.get('connect-groups')?.endTime != null);
    await attachment.detach();
    expect(summaries('connect-groups').length).toBeGreaterThan(sentBefore);
    expect(server.calls.get('connect-groups')).toMatchObject({
      agent: 'maria.connect',
      agentGroups: ['Sydney', 'Billing'],
      ctrAttributes: { queue: 'Billing', customerTier: 'Platinum' },
    });
  });

  it('sends only the named attributes, merges the host call details over them, and none when off', async () => {
    const s = streams();
    const named = attachToAmazonConnect(s.connect, {
      ...options(),
      contactAttributes: ['queue'],
      call: { ctrAttributes: { site: 'Manila' } },
    });
    const contact = s.newContact('connect-named', 'conn-n', {
      queue: 'Tech Support',
      accountNumber: '12345678',
    });
    contact.connect();
    contact.end();
    await server.until(() => server.calls.get('connect-named')?.endTime != null);
    await named.detach();
    expect(server.calls.get('connect-named')?.ctrAttributes).toEqual({
      queue: 'Tech Support',
      site: 'Manila',
    });

    const t = streams();
    const off = attachToAmazonConnect(t.connect, { ...options(), contactAttributes: false });
    const other = t.newContact('connect-off', 'conn-o', { queue: 'Tech Support' });
    other.connect();
    other.end();
    await server.until(() => server.calls.get('connect-off')?.endTime != null);
    await off.detach();
    expect(server.calls.get('connect-off')?.ctrAttributes).toBeUndefined();
  });

  it('takes agent groups known later for the calls in progress and the next ones', async () => {
    const s = streams();
    const attachment = attachToAmazonConnect(s.connect, options());
    const first = s.newContact('connect-later-1', 'conn-l1');
    first.connect();
    await server.until(() => server.calls.has('connect-later-1'));
    expect(server.calls.get('connect-later-1')?.agentGroups).toBeUndefined();
    attachment.setAgentGroups(['Manila', 'Tech Support', null, 'Tier 2']);
    first.end();
    const second = s.newContact('connect-later-2', 'conn-l2');
    second.connect();
    second.end();
    await server.until(
      () =>
        server.calls.get('connect-later-1')?.endTime != null &&
        server.calls.get('connect-later-2')?.endTime != null,
    );
    await attachment.detach();
    for (const id of ['connect-later-1', 'connect-later-2'])
      expect(server.calls.get(id)?.agentGroups).toEqual(['Manila', 'Tech Support', null, 'Tier 2']);
  });

  it('refuses more than 5 hierarchy levels when attaching or setting them, not in a Streams callback', () => {
    const six = ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'];
    const s = streams();
    expect(() => attachToAmazonConnect(s.connect, { ...options(), agentGroups: six })).toThrow(
      'agentGroups has at most 5 levels',
    );
    expect(() =>
      attachToAmazonConnect(s.connect, { ...options(), call: { agentGroups: six } }),
    ).toThrow('agentGroups has at most 5 levels');
    const attachment = attachToAmazonConnect(s.connect, options());
    expect(() => attachment.setAgentGroups(six)).toThrow('agentGroups has at most 5 levels');
    return attachment.detach();
  });

  it('reads Streams attributes as texts, skipping empty values', () => {
    const contact = {
      getContactId: () => 'c',
      onConnected: () => {},
      getAttributes: () => ({
        queue: { name: 'queue', value: 'Billing' },
        empty: { name: 'empty', value: null },
        missing: undefined,
      }),
    };
    expect(contactAttributes(contact)).toEqual({ queue: 'Billing' });
    expect(contactAttributes(contact, ['other'])).toBeNull();
    expect(
      contactAttributes({
        ...contact,
        getAttributes: () => {
          throw new Error('gone');
        },
      }),
    ).toBeNull();
  });
});
