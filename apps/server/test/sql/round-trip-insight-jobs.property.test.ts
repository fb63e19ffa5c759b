import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  InsightJobSchema,
  SyntheticJobsListQuerySchema,
  type InsightJob,
  type SyntheticJob,
} from '@callsight/shared';
import { forGroup } from '../../src/db/group-scope.ts';
import { syntheticJobs } from '../../src/db/schema/index.ts';
import { listJobs } from '../../src/services/synthetic/jobs.ts';
import { startTestServer, type TestServer } from '../harness.ts';
import { createGroup } from '../factories.ts';
import { roundTripParameters, seededRandom } from './round-trip-support.ts';

/**
 * Property: the insights pages' lean job list (view=insights, its own narrower select) answers,
 * for any number of jobs, page size and offset, exactly the insights fields of the full list's
 * rows, in the same order, with the same total: the faster path drops columns, never rows or
 * values.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ SYNTHETIC_SCHEDULER: 'false', PROBE_CONCURRENCY: '0' });
});
afterAll(() => s.close());

const STATUSES = ['Completed', 'Poor Call Quality', 'Busy', 'Running', 'Queued', 'Not a status'];
const KEYS = Object.keys(InsightJobSchema.shape) as (keyof InsightJob)[];
const pick = (job: SyntheticJob): InsightJob =>
  Object.fromEntries(KEYS.map((k) => [k, job[k]])) as InsightJob;

describe('the insights job list (view=insights)', () => {
  it('answers the full rows’ insights fields, row for row, whatever the sizes and order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 320 }),
        fc.integer(),
        async (jobs, size, from, seed) => {
          const random = seededRandom(seed);
          const group = await createGroup(s.database.db, { heartbeat: true });
          const scope = forGroup(s.database.db, group.id);
          const now = Date.now();
          const score = () => (random() < 0.2 ? null : random() * 10);
          // Inserted in a shuffled order; some creation times equal (the id breaks the tie).
          await s.database.db.insert(syntheticJobs).values(
            Array.from({ length: jobs }, (_, i) => {
              const at = new Date(now - Math.floor(random() * 40) * 3_600_000);
              return scope.row(syntheticJobs, {
                kind: 'heartbeat',
                slotAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
                agentId: `agent-${Math.floor(random() * 5)}`,
                agentType: random() < 0.5 ? 'HUMAN_AGENT' : 'VIRTUAL_AGENT',
                toNumber: random() < 0.2 ? null : `+6129000${Math.floor(random() * 9000)}`,
                connectRegion: random() < 0.5 ? 'Sydney' : 'London',
                agentRegion: random() < 0.5 ? 'Sydney' : 'Mumbai',
                description: `job ${i} “${Math.floor(random() * 1e6)}”`,
                status: STATUSES[Math.floor(random() * STATUSES.length)] ?? 'Completed',
                createdOn: at,
                updatedOn: at,
                cxScore: score(),
                axScore: score(),
                networkScore: score(),
                mos: random() < 0.2 ? null : 1 + random() * 4,
                carrier: random() < 0.3 ? null : 'Telstra',
                tags: random() < 0.5 ? [] : ['Poor call quality'],
              });
            }),
          );
          const query = (view: 'full' | 'insights') =>
            SyntheticJobsListQuerySchema.parse({
              fromTime: 'now-7d',
              toTime: 'now',
              size: String(size),
              from: String(from),
              view,
            });
          const full = await listJobs(scope, 'heartbeat', query('full'));
          const lean = await listJobs(scope, 'heartbeat', query('insights'));
          expect(lean.total).toBe(jobs);
          expect(full.total).toBe(jobs);
          expect(full.rows.length).toBe(Math.max(0, Math.min(size, jobs - from)));
          expect(lean.rows).toEqual((full.rows as SyntheticJob[]).map(pick));
          expect(InsightJobSchema.array().safeParse(lean.rows).success).toBe(true);
        },
      ),
      roundTripParameters(15),
    );
  });
});
