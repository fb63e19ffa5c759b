import { asc, eq, sql } from 'drizzle-orm';
import {
  TeamConditionsSchema,
  type Team,
  type TeamMember,
  type TeamUpdateInput,
} from '@callsight/shared';
import type { GroupScope } from '../../db/group-scope.ts';
import { dataRoleMembers, dataRoles, memberships, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

const TEAM_NOT_FOUND = 'Team not found';

function toTeam(row: typeof dataRoles.$inferSelect): Team {
  const conditions = TeamConditionsSchema.safeParse(row.conditions);
  return {
    id: row.id,
    name: row.name,
    conditions: conditions.success ? conditions.data : [],
    dashboards: row.dashboards,
  };
}

/** GET /dataRoles: the group's teams by name. */
export async function listTeams(scope: GroupScope): Promise<Team[]> {
  const rows = await scope.db
    .select()
    .from(dataRoles)
    .where(scope.owns(dataRoles))
    .orderBy(asc(sql`lower(${dataRoles.name})`), asc(dataRoles.id));
  return rows.map(toTeam);
}

/** GET /dataRoles/me: the teams of the group the user belongs to. */
export async function myTeams(scope: GroupScope, userId: string): Promise<Team[]> {
  const rows = await scope.db
    .select({ role: dataRoles })
    .from(dataRoles)
    .innerJoin(
      dataRoleMembers,
      scope.owns(dataRoleMembers, eq(dataRoleMembers.roleId, dataRoles.id)),
    )
    .where(scope.owns(dataRoles, eq(dataRoleMembers.userId, userId)))
    .orderBy(asc(sql`lower(${dataRoles.name})`), asc(dataRoles.id));
  return rows.map((r) => toTeam(r.role));
}

/** One team of the group; another group's or an unknown id: 404. */
export async function getTeam(scope: GroupScope, id: string): Promise<Team> {
  const [row] = await scope.db
    .select()
    .from(dataRoles)
    .where(scope.owns(dataRoles, eq(dataRoles.id, id)));
  if (!row) throw notFound(TEAM_NOT_FOUND);
  return toTeam(row);
}

export async function createTeam(scope: GroupScope, name: string): Promise<Team> {
  const [row] = await scope.db.insert(dataRoles).values(scope.row(dataRoles, { name })).returning();
  if (!row) throw new Error('team not created');
  return toTeam(row);
}

export async function updateTeam(
  scope: GroupScope,
  id: string,
  input: TeamUpdateInput,
): Promise<Team> {
  const [row] = await scope.db
    .update(dataRoles)
    .set({
      name: input.name,
      conditions: input.conditions,
      dashboards: input.dashboards,
      updatedAt: new Date(),
    })
    .where(scope.owns(dataRoles, eq(dataRoles.id, id)))
    .returning();
  if (!row) throw notFound(TEAM_NOT_FOUND);
  return toTeam(row);
}

/** GET /dataRoles/{id}/users: the team's members by name. */
export async function teamMembers(scope: GroupScope, id: string): Promise<TeamMember[]> {
  await getTeam(scope, id);
  return scope.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(dataRoleMembers)
    .innerJoin(users, eq(users.id, dataRoleMembers.userId))
    .where(scope.owns(dataRoleMembers, eq(dataRoleMembers.roleId, id)))
    .orderBy(asc(sql`lower(${users.name})`), asc(users.email));
}

/** POST /dataRoles/{id}/users/{user}: a member of the group joins the team (again: no change). */
export async function addTeamMember(scope: GroupScope, id: string, userId: string): Promise<void> {
  await getTeam(scope, id);
  const [member] = await scope.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(scope.owns(memberships, eq(memberships.userId, userId)));
  // Another group's user, or no user at all: not found, as any other group's id.
  if (!member) throw notFound('No such member of this group');
  await scope.db
    .insert(dataRoleMembers)
    .values(scope.row(dataRoleMembers, { roleId: id, userId }))
    .onConflictDoNothing();
}

/** DELETE /dataRoles/{id}/users/{user}. */
export async function removeTeamMember(
  scope: GroupScope,
  id: string,
  userId: string,
): Promise<void> {
  await getTeam(scope, id);
  const removed = await scope.db
    .delete(dataRoleMembers)
    .where(
      scope.owns(
        dataRoleMembers,
        eq(dataRoleMembers.roleId, id),
        eq(dataRoleMembers.userId, userId),
      ),
    )
    .returning({ userId: dataRoleMembers.userId });
  if (!removed.length) throw notFound('Not a member of this team');
}

/** Who reads call data under which team: the user, and whether they see every call unpicked. */
export interface TeamReader {
  userId: string;
  /** Group Admins and super users see every call of the group unless they pick a team (T2). */
  exempt: boolean;
}

/**
 * The team whose rules narrow the user's call data (decision T2): the picked team when it is one
 * of theirs; else none for an exempt user or a user in no team, and their first team (by name)
 * for anyone else, so a member of a team never reads beyond it by sending no team or a stale one.
 */
export async function activeTeam(
  scope: GroupScope,
  reader: TeamReader,
  picked: string | null,
): Promise<Team | null> {
  const teams = await myTeams(scope, reader.userId);
  const chosen = picked ? teams.find((t) => t.id === picked) : undefined;
  if (chosen) return chosen;
  return reader.exempt ? null : (teams[0] ?? null);
}
