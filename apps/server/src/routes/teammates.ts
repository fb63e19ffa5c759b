import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  TEAMMATE_TEXTS,
  TeammateCreateSchema,
  TeammateListSchema,
  TeammateSchema,
  TeammateUpdateSchema,
  UserIdParamsSchema,
  UserKeyParamsSchema,
  UserLookupResultSchema,
  parseUserKey,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import { badRequest } from '../lib/errors.ts';
import {
  createTeammate,
  getTeammate,
  listTeammates,
  lookupUserByEmail,
  removeTeammate,
  updateTeammate,
} from '../services/teammates/teammates.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
};

/** Teammates: members of the caller's current group, managed by its admins and super users. */
export async function teammateRoutes({ app, db, authorize, push, workflows }: AppContext) {
  app.get('/api/users', {
    schema: {
      tags: ['teammates'],
      summary: "Members of the caller's current group",
      response: { 200: TeammateListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => listTeammates(callerScope(db, request), callerOf(request)),
  });

  app.get('/api/users/:id', {
    schema: {
      tags: ['teammates'],
      summary:
        "A teammate by user id (uuid; 404 when not a member), or the e-mail check: the account with this e-mail address if it belongs to the current group's customer, else null",
      params: UserKeyParamsSchema,
      response: { 200: z.union([TeammateSchema, UserLookupResultSchema]), ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => {
      const key = parseUserKey(request.params.id);
      if (!key)
        throw badRequest(TEAMMATE_TEXTS.emailLookupInvalid, {
          id: TEAMMATE_TEXTS.emailLookupInvalid,
        });
      return key.kind === 'id'
        ? getTeammate(callerScope(db, request), callerOf(request), key.id)
        : lookupUserByEmail(db, callerOf(request), key.email);
    },
  });

  app.post('/api/users', {
    schema: {
      tags: ['teammates'],
      summary: 'Add a teammate: a new account (isMember) or an existing one (id) joins the group',
      body: TeammateCreateSchema,
      response: { 201: TeammateSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      const teammate = await createTeammate(db, callerOf(request), request.body, {
        mail: workflows.mail,
      });
      return reply.code(201).send(teammate);
    },
  });

  app.put('/api/users', {
    schema: {
      tags: ['teammates'],
      summary: "Update a teammate's account and role in the group",
      body: TeammateUpdateSchema,
      response: { 200: TeammateSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => updateTeammate(db, callerOf(request), request.body, push),
  });

  app.delete('/api/users/:id', {
    schema: {
      tags: ['teammates'],
      summary: "Remove a teammate from the caller's current group (their other groups are kept)",
      params: UserIdParamsSchema,
      response: { 204: z.null(), ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      const caller = callerOf(request);
      await removeTeammate(db, caller, request.params.id);
      // Their sockets of this group close (an account left with no group had no others).
      push.endMembership(caller.groupId, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
