import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { TeamConditionSchema, type GuestToken, type TeamCondition } from '@callsight/shared';
import { unauthenticated } from '../../lib/errors.ts';

const ISSUER = 'callsight';
/** Not the API's audience: a guest token opens one dashboard's charts and nothing else. */
const AUDIENCE = 'callsight-canvas-guest';
export const GUEST_TOKEN_TTL_SECONDS = 300;

const GuestClaimsSchema = z.object({
  sub: z.string(),
  grp: z.uuid(),
  dash: z.string(),
  team: z.uuid().nullable(),
  rls: z.array(TeamConditionSchema),
});

/** What a guest token grants: one dashboard of one group, for one user, under a team's rules. */
export interface GuestGrant {
  userId: string;
  groupId: string;
  dashboardId: string;
  teamId: string | null;
  rules: TeamCondition[];
}

export interface GuestTokenSigner {
  sign(grant: GuestGrant): Promise<GuestToken>;
  /** The grant of a valid token; 401 for an expired, altered or foreign one. */
  verify(token: string): Promise<GuestGrant>;
}

/** Short-lived HS256 guest tokens for the embedded dashboards (Superset's guest-token model). */
export function createGuestTokenSigner(secret: string, now = () => Date.now()): GuestTokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(grant) {
      const iat = Math.floor(now() / 1000);
      const exp = iat + GUEST_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({
        grp: grant.groupId,
        dash: grant.dashboardId,
        team: grant.teamId,
        rls: grant.rules,
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(grant.userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
      return { token, expiresAt: exp * 1000 };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        const claims = GuestClaimsSchema.parse(payload);
        return {
          userId: claims.sub,
          groupId: claims.grp,
          dashboardId: claims.dash,
          teamId: claims.team,
          rules: claims.rls,
        };
      } catch {
        throw unauthenticated('Invalid or expired dashboard token');
      }
    },
  };
}
