import {
  ACCESS,
  ApiErrorSchema,
  NetworkLabelMapSchema,
  NetworkLabelMapUpdateSchema,
} from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { callerOf, callerScope } from '../plugins/authenticate.ts';
import {
  getNetworkLabels,
  replaceNetworkLabels,
} from '../services/network-labels/network-labels.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/**
 * Network Labelling (spec 001 §2, §7): the group's ordered CIDR → label list, for admin and super
 * (the NETWORK_MAPPING_MODULE rule). The spec's path has a trailing slash; both spellings answer.
 * The caller is checked before the body (preValidation): no row feedback for those who may not write.
 */
export async function networkLabelRoutes({ app, db, authorize }: AppContext) {
  for (const url of ['/api/config/ip/', '/api/config/ip']) {
    const hide = url === '/api/config/ip';
    app.get(url, {
      schema: {
        hide,
        tags: ['network-labels'],
        summary: "The group's network labels in order (the first matching range wins)",
        response: { 200: NetworkLabelMapSchema, ...errors },
      },
      onRequest: authorize(ACCESS.adminSuper),
      handler: (request) => getNetworkLabels(callerScope(db, request)),
    });

    app.put(url, {
      schema: {
        hide,
        tags: ['network-labels'],
        summary: 'Replace the whole ordered list (at most 50; ranges are stored in canonical form)',
        body: NetworkLabelMapUpdateSchema,
        response: { 201: NetworkLabelMapSchema, ...errors },
      },
      onRequest: authorize(ACCESS.adminSuper),
      handler: async (request, reply) =>
        reply.code(201).send(await replaceNetworkLabels(db, callerOf(request), request.body)),
    });
  }
}
