import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  ApiKeyIdentitySchema,
  ApiTokenCreatedSchema,
  ApiTokenCreateSchema,
  ApiTokenIdParamsSchema,
  ApiTokenListSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import { apiKeyOf } from '../plugins/api-key.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../services/api-keys/api-keys.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/** API Management (spec 000 §2.5): the group's API keys, and a probe authenticated by one. */
export async function apiKeyRoutes({ app, db, authorize, authorizeApiKey }: AppContext) {
  app.get('/api/config/token', {
    schema: {
      tags: ['api-tokens'],
      summary: "The group's API keys (masked)",
      response: { 200: ApiTokenListSchema, ...errors },
    },
    // The API module is admin and super only (spec 000 §6; decision 38 reversed).
    onRequest: authorize(ACCESS.adminSuper),
    handler: (request) => listApiTokens(callerScope(db, request)),
  });

  app.post('/api/config/token', {
    schema: {
      tags: ['api-tokens'],
      summary: 'Create an API key; the full key is answered this once',
      body: ApiTokenCreateSchema,
      response: { 201: ApiTokenCreatedSchema, ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) =>
      reply.code(201).send(await createApiToken(db, callerOf(request), request.body)),
  });

  app.delete('/api/config/token/:id', {
    schema: {
      tags: ['api-tokens'],
      summary: 'Revoke an API key: calls made with it are refused from now on',
      params: ApiTokenIdParamsSchema,
      response: { 204: z.null().describe('Revoked'), ...errors },
    },
    onRequest: authorize(ACCESS.adminSuper),
    handler: async (request, reply) => {
      await revokeApiToken(db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get('/api/ingest/v1/whoami', {
    schema: {
      tags: ['ingest'],
      summary: 'The group and key an API key stands for (send Authorization: Bearer <API key>)',
      response: { 200: ApiKeyIdentitySchema, ...errors },
    },
    onRequest: authorizeApiKey,
    handler: (request) => apiKeyOf(request),
  });
}
