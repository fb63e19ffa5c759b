import type {
  AccessContext,
  EnabledFeature,
  FeatureFlag,
  Permission,
  Profile,
  SessionToken,
  Team,
} from '@callsight/shared';

export const GROUP_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_GROUP_ID = '22222222-2222-4222-8222-222222222222';

/** An access context for a role in GROUP_ID with the given flags and heartbeat setting. */
export function accessFor(
  permission: Permission,
  options: { flags?: FeatureFlag[]; heartbeat?: boolean; groupId?: string } = {},
): AccessContext {
  const groupId = options.groupId ?? GROUP_ID;
  const features: EnabledFeature[] = (options.flags ?? []).map((feature) => ({
    group: groupId,
    feature,
  }));
  // Flags of another group must never count for this one.
  features.push(
    { group: OTHER_GROUP_ID, feature: 'journeyExplorer' },
    { group: OTHER_GROUP_ID, feature: 'embeddedCanvasApi' },
  );
  return {
    permissions: [permission],
    features,
    groupId,
    heartbeatEnabled: options.heartbeat ?? false,
  };
}

/** A session token as the server answers login and refresh. */
export function makeToken(
  overrides: Partial<Omit<SessionToken, 'claims'>> & {
    claims?: Partial<SessionToken['claims']>;
  } = {},
): SessionToken {
  const lifetimeSeconds = overrides.lifetimeSeconds ?? 900;
  return {
    accessToken: overrides.accessToken ?? 'access-token-1',
    expiresAt: overrides.expiresAt ?? Date.now() + lifetimeSeconds * 1000,
    lifetimeSeconds,
    mustChangePassword: overrides.mustChangePassword ?? false,
    claims: {
      sub: 'user-1',
      sid: 'session-1',
      email: 'ada@example.com',
      name: 'Ada Admin',
      groupId: GROUP_ID,
      permissions: ['user:admin'],
      features: [],
      ...overrides.claims,
    },
  };
}

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    name: 'Ada Admin',
    email: 'ada@example.com',
    picture: null,
    groups: [
      { id: GROUP_ID, name: 'Acme Support', region: 'ap-southeast-2' },
      { id: OTHER_GROUP_ID, name: 'Acme Sales', region: 'us-east-2' },
    ],
    currentGroupId: GROUP_ID,
    isSuper: false,
    ...overrides,
  };
}

/** A fetch Response with a JSON body. */
export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * A mock of GET /api/dataRoles/active answering as the server resolves the team (decision T2):
 * the picked team (X-Team-Id) when it is one of `teams`, else none for an exempt user (admin or
 * super), else the first team.
 */
export function activeTeamMock(teams: readonly Team[], exempt = false) {
  return (init?: RequestInit) => {
    const picked = (init?.headers as Record<string, string> | undefined)?.['X-Team-Id'];
    const team = teams.find((t) => t.id === picked) ?? (exempt ? null : (teams[0] ?? null));
    return jsonResponse(200, { team, exempt });
  };
}
