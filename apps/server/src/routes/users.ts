import {
  ACCESS,
  ApiErrorSchema,
  ChangePasswordInputSchema,
  ChangePasswordResultSchema,
  DemoAccountsRemovedSchema,
  DemoAccountsSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  SessionTokenSchema,
  SwitchGroupSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf } from '../plugins/authenticate.ts';
import { getProfile, updateProfile } from '../services/users/profile.ts';
import { listDemoAccounts, removeDemoAccounts } from '../services/users/demo-accounts.ts';
import { switchGroup } from '../services/auth/session.ts';
import { changePassword } from '../services/auth/change-password.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** The signed-in user's profile, password and group switching; the demo accounts. */
export async function userRoutes({ app, db, authorize, sessionDeps }: AppContext) {
  app.get('/api/users/profile', {
    schema: {
      tags: ['users'],
      summary: "The signed-in user's profile",
      response: { 200: ProfileSchema, ...errors },
    },
    // The web app reads the profile before it shows the forced password change.
    onRequest: authorize(ACCESS.anyMember, { duringPasswordChange: true }),
    handler: (request) => getProfile(db, callerOf(request)),
  });

  app.put('/api/users/password', {
    schema: {
      tags: ['users'],
      summary: 'Change your own password (the current one is required); ends your other sessions',
      body: ChangePasswordInputSchema,
      response: { 200: ChangePasswordResultSchema, ...errors, 429: ApiErrorSchema },
    },
    onRequest: authorize(ACCESS.anyMember, { duringPasswordChange: true }),
    handler: async (request) => {
      const result = await changePassword(sessionDeps, callerOf(request), request.body, request.ip);
      return { ok: true as const, ...result };
    },
  });

  app.get('/api/users/demo-accounts', {
    schema: {
      tags: ['users'],
      summary: 'The demo accounts that still exist (public: the sign-in page names them)',
      security: [],
      response: { 200: DemoAccountsSchema },
    },
    handler: () => listDemoAccounts(db),
  });

  app.delete('/api/users/demo-accounts', {
    schema: {
      tags: ['users'],
      summary: 'Delete the demo accounts (super user); the demo groups and their data stay',
      response: { 200: DemoAccountsRemovedSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => removeDemoAccounts(db, callerOf(request), sessionDeps.endings),
  });

  app.put('/api/users/profile', {
    schema: {
      tags: ['users'],
      summary: 'Update name and picture',
      body: ProfileUpdateSchema,
      response: { 200: ProfileSchema, ...errors },
    },
    onRequest: authorize(ACCESS.anyMember),
    handler: (request) => updateProfile(db, callerOf(request), request.body),
  });

  app.put('/api/users/switchGroup', {
    schema: {
      tags: ['users'],
      summary: 'Make another group current; answers a token for it',
      body: SwitchGroupSchema,
      response: { 200: SessionTokenSchema, ...errors },
    },
    onRequest: authorize(ACCESS.anyMember),
    handler: (request) => switchGroup(sessionDeps, callerOf(request), request.body.currentGroupId),
  });
}
