import {
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Chart rollups of calls (issue 34, migration 0021): per group, grain (60: an hour, 1: a minute),
 * cube (which keys it groups by, the others NULL) and bucket, the calls' count and, per measure of
 * services/canvas/rollups/rollup-model.ts, `<column>_n`, `_sum`, `_min`, `_max` and (cubes 0 and 2)
 * the histogram `h_<column>`. Those columns are read and written by raw SQL only, so not listed.
 */
export const callRollups = pgTable(
  'call_rollups',
  {
    groupId: uuid('group_id').notNull(),
    grain: smallint('grain').notNull(),
    cube: smallint('cube').notNull(),
    bucket: ts('bucket').notNull(),
    agent: text('agent'),
    agentGroup1: text('agent_group_1'),
    agentGroup2: text('agent_group_2'),
    agentGroup3: text('agent_group_3'),
    agentGroup4: text('agent_group_4'),
    agentGroup5: text('agent_group_5'),
    agentIsp: text('agent_isp'),
    networkType: text('network_type'),
    agentCountry: text('agent_country'),
    direction: text('direction'),
    calls: integer('calls').notNull(),
  },
  (t) => [
    index('call_rollups_group_grain_cube_bucket_idx').on(t.groupId, t.grain, t.cube, t.bucket),
  ],
);

/** Hours of a group whose rollup rows are not current; written by triggers (migration 0021). */
export const callRollupDirty = pgTable(
  'call_rollup_dirty',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    groupId: uuid('group_id').notNull(),
    hour: ts('hour').notNull(),
  },
  (t) => [index('call_rollup_dirty_group_hour_idx').on(t.groupId, t.hour)],
);
