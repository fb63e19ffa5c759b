import {
  ACCESS,
  ApiErrorSchema,
  GroupFeaturesSchema,
  GroupFeaturesUpdateSchema,
  GroupIdParamsSchema,
  GroupListSchema,
} from '@callsight/shared';
import {
  GroupActionResultSchema,
  GroupCreateSchema,
  GroupDetailListSchema,
  GroupDetailSchema,
  GroupSaveResultSchema,
  GroupUpdateSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf } from '../plugins/authenticate.ts';
import { getGroup, listGroups } from '../services/groups/groups.ts';
import { featureStates, setFeatures } from '../services/groups/features.ts';
import {
  archiveGroup,
  configureBi,
  createGroup,
  getGroupForCaller,
  listArchivedGroups,
  restoreGroup,
  updateGroup,
} from '../services/groups/admin.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** Groups the caller may enter. */
export async function groupRoutes({ app, db, authorize }: AppContext) {
  app.get('/api/groups', {
    schema: {
      tags: ['groups'],
      summary: 'Groups the caller belongs to (all for a super user)',
      response: { 200: GroupListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.anyMember),
    handler: (request) => listGroups(db, callerOf(request)),
  });

  app.get('/api/groups/:id', {
    schema: {
      tags: ['groups'],
      summary: 'One group (with its secret for a super user)',
      params: GroupIdParamsSchema,
      response: { 200: GroupDetailSchema, ...errors },
    },
    onRequest: authorize(ACCESS.anyMember),
    handler: (request) => getGroupForCaller(db, callerOf(request), request.params.id),
  });

  app.get('/api/groups/:id/features', {
    schema: {
      tags: ['groups'],
      summary: "A group's feature flags",
      params: GroupIdParamsSchema,
      response: { 200: GroupFeaturesSchema, ...errors },
    },
    onRequest: authorize(ACCESS.anyMember),
    handler: async (request) => {
      const group = await getGroup(db, callerOf(request), request.params.id);
      return featureStates(db, group.id);
    },
  });

  app.put('/api/groups/:id/features', {
    schema: {
      tags: ['groups'],
      summary: 'Switch feature flags of a group (platform staff)',
      params: GroupIdParamsSchema,
      body: GroupFeaturesUpdateSchema,
      response: { 200: GroupFeaturesSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: async (request) => {
      const caller = callerOf(request);
      const group = await getGroup(db, caller, request.params.id);
      return setFeatures(db, caller, group.id, request.body);
    },
  });

  // Group management (platform staff): provisioning, archive and restore, BI and Canvas.
  app.get('/api/groups/archived', {
    schema: {
      tags: ['groups'],
      summary: 'Archived groups (platform staff)',
      response: { 200: GroupDetailListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: () => listArchivedGroups(db),
  });

  app.post('/api/groups', {
    schema: {
      tags: ['groups'],
      summary: 'Provision a group (platform staff)',
      body: GroupCreateSchema,
      response: { 201: GroupSaveResultSchema, ...errors, 409: ApiErrorSchema },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: async (request, reply) =>
      reply.code(201).send(await createGroup(db, callerOf(request), request.body)),
  });

  app.put('/api/groups', {
    schema: {
      tags: ['groups'],
      summary: 'Update a group; the region is locked (platform staff)',
      body: GroupUpdateSchema,
      response: { 200: GroupSaveResultSchema, ...errors, 409: ApiErrorSchema },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => updateGroup(db, callerOf(request), request.body),
  });

  app.post('/api/groups/:id/archive', {
    schema: {
      tags: ['groups'],
      summary: 'Archive a group: members lose access (platform staff)',
      params: GroupIdParamsSchema,
      response: { 200: GroupDetailSchema, ...errors, 409: ApiErrorSchema },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => archiveGroup(db, callerOf(request), request.params.id),
  });

  app.post('/api/groups/:id/restore', {
    schema: {
      tags: ['groups'],
      summary: 'Restore an archived group (platform staff)',
      params: GroupIdParamsSchema,
      response: { 200: GroupDetailSchema, ...errors, 409: ApiErrorSchema },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => restoreGroup(db, callerOf(request), request.params.id),
  });

  app.post('/api/groups/:id/bi/configure', {
    schema: {
      tags: ['groups'],
      summary:
        "Update Canvas: install the latest published standard import in a group's canvas again",
      params: GroupIdParamsSchema,
      response: { 200: GroupActionResultSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => configureBi(db, callerOf(request), request.params.id),
  });
}
