import { ACCESS, ApiErrorSchema, CustomerListSchema } from '@callsight/shared';
import type { AppContext } from '../app-context.ts';
import { listCustomers } from '../services/groups/admin.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema };

/** Customers that groups belong to (the group form's customer choice). */
export async function customerRoutes({ app, db, authorize }: AppContext) {
  app.get('/api/customer', {
    schema: {
      tags: ['groups'],
      summary:
        "Customers with their number of groups: the group form's customer choice (platform staff)",
      response: { 200: CustomerListSchema, ...errors },
    },
    onRequest: authorize(ACCESS.superOnly),
    handler: () => listCustomers(db),
  });
}
