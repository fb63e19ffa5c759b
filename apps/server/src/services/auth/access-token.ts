import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import {
  AccessClaimsSchema,
  AUTH_TEXTS,
  ERROR_CODES,
  type AccessClaims,
  type SessionToken,
} from '@callsight/shared';
import { unauthenticated } from '../../lib/errors.ts';

const ISSUER = 'callsight';
const AUDIENCE = 'callsight-api';

/** A signed token; the session adds whether the user must change their password. */
export type SignedToken = Omit<SessionToken, 'mustChangePassword'>;

export interface TokenSigner {
  sign(claims: AccessClaims): Promise<SignedToken>;
  verify(token: string): Promise<AccessClaims>;
}

/** Signs and verifies short-lived HS256 access tokens. */
export function createTokenSigner(secret: string, lifetimeSeconds: number): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const now = Math.floor(Date.now() / 1000);
      const exp = now + lifetimeSeconds;
      const { sub, ...rest } = claims;
      const accessToken = await new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      return { accessToken, expiresAt: exp * 1000, lifetimeSeconds, claims };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        return AccessClaimsSchema.parse(payload);
      } catch (err) {
        if (err instanceof joseErrors.JWTExpired) {
          throw unauthenticated(AUTH_TEXTS.sessionExpired, ERROR_CODES.tokenExpired);
        }
        throw unauthenticated('Invalid access token');
      }
    },
  };
}
