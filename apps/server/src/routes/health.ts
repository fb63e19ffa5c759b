import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';

const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** Liveness and database reachability, for load balancers and start scripts. */
export async function healthRoutes({ app, db, dbKind }: AppContext) {
  app.get('/api/health', {
    schema: { tags: ['health'], summary: 'Health check', response: { 200: HealthSchema } },
    handler: async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' as const, database: dbKind };
    },
  });
}
