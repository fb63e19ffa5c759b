import {
  ACCESS,
  ApiErrorSchema,
  ProfileSchema,
  ProfileUpdateSchema,
  SessionTokenSchema,
  SwitchGroupSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf } from '../plugins/authenticate.ts';
import { getProfile, updateProfile } from '../services/users/profile.ts';
import { switchGroup } from '../services/auth/session.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** The signed-in user's profile and group switching. */
export async function userRoutes({ app, db, authorize, sessionDeps }: AppContext) {
  app.get('/api/users/profile', {
    schema: {
      tags: ['users'],
      summary: "The signed-in user's profile",
      response: { 200: ProfileSchema, ...errors },
    },
    onRequest: authorize(ACCESS.anyMember),
    handler: (request) => getProfile(db, callerOf(request)),
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
    handler: (request) =>
      switchGroup(sessionDeps, callerOf(request).userId, request.body.currentGroupId),
  });
}
