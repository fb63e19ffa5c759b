import { agentGroupLevels, summaryFields } from './call-details.ts';
import { createCollector } from './collector.ts';
import type { CallDetails, Collector, CollectorOptions, StatsProvider } from './types.ts';

/**
 * Best-effort adapter for Amazon Connect's softphone through the Streams library
 * (amazon-connect-streams). It needs the softphone to run in this page (a custom CCP that
 * initialises the softphone manager here, e.g. `allowFramedSoftphone: false` with
 * connect-rtc-js); when the CCP iframe owns the call, its peer connection is out of reach and
 * only summaries, hold and mute are collected. The peer connection is read from connect-rtc's
 * session object (`_pc`), which is not a public API and may change with Streams releases.
 *
 * Teams' row-level conditions (Agent Group 1-5, CTR attributes) test what the call summary
 * carries: the contact's attributes are read from Streams (`contact.getAttributes()`); the agent's
 * hierarchy groups are not in Streams at all and come from the host (`agentGroups`).
 */

/** One contact attribute as Streams gives it (`contact.getAttributes()[name]`). */
export interface ConnectAttributeLike {
  name?: string;
  value?: string | null;
}

/** The parts of a Streams connection the adapter reads. */
export interface ConnectConnectionLike {
  connectionId?: string;
  getConnectionId?(): string;
  isOnHold?(): boolean;
}

/** The parts of a Streams contact the adapter reads. */
export interface ConnectContactLike {
  getContactId(): string;
  isSoftphoneCall?(): boolean;
  isInbound?(): boolean;
  getAgentConnection?(): ConnectConnectionLike | null | undefined;
  /** The contact's attributes, `{ [name]: { name, value } }` (set by the contact flow). */
  getAttributes?(): Record<string, ConnectAttributeLike | null | undefined> | null | undefined;
  onConnected(callback: (contact: ConnectContactLike) => void): void;
  onRefresh?(callback: (contact: ConnectContactLike) => void): void;
  onEnded?(callback: (contact: ConnectContactLike) => void): void;
  onDestroy?(callback: (contact: ConnectContactLike) => void): void;
}

/** The parts of a Streams agent the adapter reads. */
export interface ConnectAgentLike {
  getName?(): string;
  getConfiguration?(): { username?: string; name?: string };
  onMuteToggle?(callback: (event: { muted: boolean }) => void): void;
}

/** connect-rtc's session: the peer connection is a private field. */
interface RtcSessionLike {
  _pc?: unknown;
  pc?: unknown;
  _peerConnection?: unknown;
}

/** The global `connect` object of amazon-connect-streams, typed as far as the adapter uses it. */
export interface AmazonConnectLike {
  contact(callback: (contact: ConnectContactLike) => void): void;
  agent?(callback: (agent: ConnectAgentLike) => void): void;
  core?: {
    getSoftphoneManager?(): { getSession?(connectionId: string): unknown } | null | undefined;
    onSoftphoneSessionInit?(callback: (event: { connectionId: string }) => void): void;
  };
}

export interface AmazonConnectOptions extends Omit<
  CollectorOptions,
  'contactId' | 'agent' | 'peerConnection' | 'startTime'
> {
  /** The agent's name; the Streams agent's user name by default. */
  agent?: string;
  /**
   * The agent's hierarchy group names, level 1 first (Agent Group 1-5 of teams' conditions; null
   * for a level without a group). Streams' agent configuration has no hierarchy groups (it names
   * the routing profile, not the hierarchy), so the host gives them: e.g. its backend reads the
   * user's `HierarchyGroupId` (DescribeUser) and the group's `HierarchyPath.LevelOne..LevelFive`
   * names (DescribeUserHierarchyGroup). Known later: `setAgentGroups()`. Checked as
   * `call.agentGroups` is: more than 5 levels throws a TypeError. Overrides `call.agentGroups`.
   */
  agentGroups?: readonly (string | null | undefined)[] | null;
  /**
   * Which of the contact's attributes (`contact.getAttributes()`) go in the summary's
   * ctrAttributes: all (true, the default), none (false), or the named ones (attributes may hold
   * customer data a team filter does not need). Read when the contact connects and again when a
   * refresh changes them; `call.ctrAttributes` is merged over them.
   */
  contactAttributes?: boolean | readonly string[];
  /** How long to look for the softphone's peer connection after the contact connects; 30000 ms. */
  peerConnectionTimeoutMs?: number;
  /** Told of each call's collector (e.g. to add logs). */
  onCollector?: (collector: Collector, contact: ConnectContactLike) => void;
}

export interface AmazonConnectAttachment {
  /** The collectors of calls in progress, by contact id. */
  readonly active: ReadonlyMap<string, Collector>;
  /**
   * The agent's hierarchy group names (see `agentGroups`), for the calls in progress and the
   * next ones; null clears them. A TypeError for more than 5 levels.
   */
  setAgentGroups(levels: readonly (string | null | undefined)[] | null): void;
  /** Stops watching new contacts; calls in progress are stopped and delivered. */
  detach(): Promise<void>;
}

const isStatsProvider = (v: unknown): v is StatsProvider =>
  typeof v === 'object' && v !== null && typeof (v as StatsProvider).getStats === 'function';

/** The peer connection of the softphone session of an agent connection, when reachable. */
export function softphonePeerConnection(
  connect: AmazonConnectLike,
  connectionId: string,
): StatsProvider | null {
  try {
    const session = connect.core?.getSoftphoneManager?.()?.getSession?.(connectionId) as
      RtcSessionLike | null | undefined;
    if (!session) return null;
    const candidate = [session._pc, session.pc, session._peerConnection].find(isStatsProvider);
    return candidate ?? null;
  } catch {
    return null;
  }
}

/**
 * The contact's attributes as texts (`{ name: { name, value } }` → `{ name: value }`), only the
 * allowed ones; null when Streams has none (or `getAttributes` is missing or throws).
 */
export function contactAttributes(
  contact: ConnectContactLike,
  allowed: boolean | readonly string[] = true,
): Record<string, string> | null {
  if (allowed === false) return null;
  let attributes: ReturnType<NonNullable<ConnectContactLike['getAttributes']>>;
  try {
    attributes = contact.getAttributes?.();
  } catch {
    return null; // A contact Streams no longer knows (destroyed).
  }
  if (!attributes || typeof attributes !== 'object') return null;
  const only = allowed === true ? null : new Set(allowed);
  const out: Record<string, string> = {};
  for (const [key, attribute] of Object.entries(attributes)) {
    const name = attribute?.name ?? key;
    const value = attribute?.value;
    if (typeof value !== 'string' || (only && !only.has(name))) continue;
    out[name] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

const connectionIdOf = (contact: ConnectContactLike): string | null => {
  const connection = contact.getAgentConnection?.();
  return connection?.getConnectionId?.() ?? connection?.connectionId ?? null;
};

/**
 * Collects every softphone call of the Streams agent: a collector starts when a voice contact
 * connects, follows hold (contact refreshes) and mute (agent mute toggles), finds the peer
 * connection of the call's softphone session, and stops when the contact ends.
 */
export function attachToAmazonConnect(
  connect: AmazonConnectLike,
  options: AmazonConnectOptions,
): AmazonConnectAttachment {
  const active = new Map<string, Collector>();
  const contacts = new Map<string, ConnectContactLike>();
  let agentName = options.agent ?? null;
  let muted = false;
  let detached = false;
  const {
    peerConnectionTimeoutMs = 30_000,
    onCollector,
    agent: _agent,
    agentGroups: hostGroups,
    contactAttributes: allowedAttributes = true,
    ...collectorOptions
  } = options;
  // Checked now, so that refused agent groups throw here rather than in a Streams callback.
  summaryFields(collectorOptions.call);
  let agentGroups = hostGroups === undefined ? undefined : agentGroupLevels(hostGroups);
  /** The attributes last sent per contact (JSON), so that a refresh resends only a change. */
  const sentAttributes = new Map<string, string>();

  connect.agent?.((agent) => {
    const config = agent.getConfiguration?.();
    agentName ??= config?.username ?? agent.getName?.() ?? config?.name ?? null;
    agent.onMuteToggle?.(({ muted: value }) => {
      muted = value;
      for (const collector of active.values()) collector.setMuted(value);
    });
  });

  /** Polls for the session's peer connection (the session may start after the contact connects). */
  function findPeerConnection(contact: ConnectContactLike, collector: Collector) {
    const deadline = Date.now() + peerConnectionTimeoutMs;
    const look = () => {
      if (active.get(contact.getContactId()) !== collector) return;
      const connectionId = connectionIdOf(contact);
      const pc = connectionId ? softphonePeerConnection(connect, connectionId) : null;
      if (pc) collector.attach(pc);
      else if (Date.now() < deadline) setTimeout(look, 1000);
      else collector.log('WARN', 'Softphone peer connection not reachable from this page');
    };
    look();
  }

  function start(contact: ConnectContactLike) {
    const contactId = contact.getContactId();
    if (detached || active.has(contactId)) return;
    if (contact.isSoftphoneCall && !contact.isSoftphoneCall()) return;
    const ctrAttributes = attributesOf(contact);
    const collector = createCollector({
      ...collectorOptions,
      contactId,
      agent: agentName ?? 'unknown',
      call: {
        ...(contact.isInbound ? { direction: contact.isInbound() ? 'INBOUND' : 'OUTBOUND' } : {}),
        ...collectorOptions.call,
        ...(agentGroups === undefined ? {} : { agentGroups }),
        ...(ctrAttributes ? { ctrAttributes } : {}),
      },
    });
    sentAttributes.set(contactId, JSON.stringify(ctrAttributes));
    collector.setMuted(muted);
    active.set(contactId, collector);
    contacts.set(contactId, contact);
    onCollector?.(collector, contact);
    findPeerConnection(contact, collector);
  }

  /** The contact's allowed attributes with the host's `call.ctrAttributes` over them. */
  function attributesOf(contact: ConnectContactLike): CallDetails['ctrAttributes'] {
    const fromContact = contactAttributes(contact, allowedAttributes);
    if (!fromContact) return null; // The host's alone are in collectorOptions.call already.
    return { ...fromContact, ...collectorOptions.call?.ctrAttributes };
  }

  /** A refresh: the contact flow may have set attributes since the contact connected. */
  function refreshAttributes(contact: ConnectContactLike, collector: Collector) {
    if (allowedAttributes === false) return;
    const contactId = contact.getContactId();
    const ctrAttributes = attributesOf(contact);
    const json = JSON.stringify(ctrAttributes);
    if (!ctrAttributes || sentAttributes.get(contactId) === json) return;
    sentAttributes.set(contactId, json);
    collector.setCallDetails({ ctrAttributes });
  }

  function end(contact: ConnectContactLike) {
    const contactId = contact.getContactId();
    const collector = active.get(contactId);
    if (!collector) return;
    refreshAttributes(contact, collector);
    active.delete(contactId);
    contacts.delete(contactId);
    sentAttributes.delete(contactId);
    void collector.stop();
  }

  connect.contact((contact) => {
    contact.onConnected(() => start(contact));
    contact.onRefresh?.((c) => {
      const collector = active.get(c.getContactId());
      if (!collector) return;
      const onHold = c.getAgentConnection?.()?.isOnHold?.();
      if (typeof onHold === 'boolean') collector.setOnHold(onHold);
      refreshAttributes(c, collector);
    });
    contact.onEnded?.(() => end(contact));
    contact.onDestroy?.(() => end(contact));
  });

  // A session that starts after the contact connected: attach it as soon as it exists.
  connect.core?.onSoftphoneSessionInit?.(({ connectionId }) => {
    setTimeout(() => {
      const pc = softphonePeerConnection(connect, connectionId);
      if (!pc) return;
      for (const [contactId, collector] of active) {
        const contact = contacts.get(contactId);
        if (contact && connectionIdOf(contact) === connectionId) collector.attach(pc);
      }
    }, 0);
  });

  return {
    active,
    setAgentGroups(levels) {
      const checked = agentGroupLevels(levels);
      agentGroups = checked;
      for (const collector of active.values()) collector.setCallDetails({ agentGroups: checked });
    },
    async detach() {
      detached = true;
      const stopping = [...active.values()].map((c) => c.stop());
      active.clear();
      contacts.clear();
      sentAttributes.clear();
      await Promise.all(stopping);
    },
  };
}
