import { z } from 'zod';
import {
  ACCESS,
  ApiErrorSchema,
  ConnectNumberViewListSchema,
  TaggingConfigViewListSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf } from '../plugins/authenticate.ts';
import {
  getConnectNumbers,
  listTagConfigs,
  setConnectNumbers,
} from '../services/config/heartbeat-tagging.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/**
 * Heartbeat Tagging: tagging configs and the dial number per Connect region (spec 000 §7). The
 * screen is the GSM module's, super only (spec 000 §6).
 */
export async function heartbeatTaggingRoutes({ app, db, authorize }: AppContext) {
  app.get('/api/tagging/tag-configs', {
    schema: {
      tags: ['tagging'],
      summary: 'Tagging configs of the group (config key CALL_TAG_CONFIGURATIONS)',
      response: { 200: TaggingConfigViewListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => listTagConfigs(db, callerOf(request)),
  });

  app.get('/api/gsm/connect/numbers', {
    schema: {
      tags: ['tagging'],
      summary: 'The dial number of each Connect region',
      response: { 200: ConnectNumberViewListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => getConnectNumbers(db, callerOf(request)),
  });

  app.put('/api/gsm/connect/numbers', {
    schema: {
      tags: ['tagging'],
      summary: 'Replace the dial numbers: a list of region and number, 10 to 15 characters each',
      // Checked in the service so that each refusal names its region with the spec's text.
      body: z.array(z.unknown()).max(100),
      response: { 200: ConnectNumberViewListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: (request) => setConnectNumbers(db, callerOf(request), request.body),
  });
}
