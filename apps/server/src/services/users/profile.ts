import { eq } from 'drizzle-orm';
import type { Profile, ProfileUpdate } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit, auditActor } from '../audit/audit-log.ts';
import { findUserById } from '../groups/group-access.ts';
import { listGroups } from '../groups/groups.ts';
import { unauthenticated } from '../../lib/errors.ts';
import type { Caller } from '../../lib/caller.ts';

/** The signed-in user's profile with the groups they can switch to. */
export async function getProfile(db: Db, caller: Caller): Promise<Profile> {
  const user = await findUserById(db, caller.userId);
  if (!user) throw unauthenticated('Sign in required');
  const groups = await listGroups(db, caller);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    groups: groups.map((g) => ({ id: g.id, name: g.name, region: g.region })),
    currentGroupId: caller.groupId,
    isSuper: user.isSuper,
  };
}

/** Updates the user's own name and picture. */
export async function updateProfile(
  db: Db,
  caller: Caller,
  input: ProfileUpdate,
): Promise<Profile> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ name: input.name, ...(input.picture !== undefined ? { picture: input.picture } : {}) })
      .where(eq(users.id, caller.userId));
    await recordAudit(tx, {
      ...auditActor(caller),
      service: 'users',
      action: 'updateProfile',
      targetId: caller.userId,
      result: 'success',
    });
  });
  return getProfile(db, caller);
}
