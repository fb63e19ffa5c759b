import type { Permission } from '@callsight/shared';

/** The caller as resolved once per request: identity from the token, rights from the database. */
export interface Caller {
  userId: string;
  /** The session (sign-in) of the access token. */
  sessionId: string;
  email: string;
  name: string;
  isSuper: boolean;
  groupId: string;
  permissions: Permission[];
}
