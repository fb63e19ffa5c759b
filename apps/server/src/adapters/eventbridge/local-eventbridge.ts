import { and, eq, ne } from 'drizzle-orm';
import type { EventSourceStatus } from '@callsight/shared';
import type { Db } from '../../db/client.ts';
import { acrossGroups } from '../../db/group-scope.ts';
import { eventBridgeEvents, eventSources } from '../../db/schema/index.ts';
import {
  EventBridgeAdapterError,
  type EventBridgeAdapter,
  type PartnerSourceRef,
} from './eventbridge-adapter.ts';

/**
 * The built-in EventBridge for installs without AWS: our event_sources rows are the store.
 * A source stays pending until an event bus is associated (POST .../associate), then is active.
 * Put events are recorded in eventbridge_events (readable by tests and operators).
 */
/** The live (not deleted) source of this region, account and name, whichever group holds it. */
export const namedLiveSource = (ref: PartnerSourceRef) =>
  and(
    eq(eventSources.awsRegion, ref.region),
    eq(eventSources.accountId, ref.accountId),
    eq(eventSources.eventSourceName, ref.name),
    ne(eventSources.status, 'deleted'),
  );

export function createLocalEventBridgeAdapter(db: Db): EventBridgeAdapter {
  // Stands in for AWS, which knows a source by region, account and name, not by our group.
  const live = (ref: PartnerSourceRef) =>
    db
      .select({ status: eventSources.status, eventBusName: eventSources.eventBusName })
      .from(eventSources)
      .where(acrossGroups.where(namedLiveSource(ref)))
      .limit(1);

  return {
    kind: 'local',
    async create(ref) {
      const [existing] = await live(ref);
      if (existing) {
        throw new EventBridgeAdapterError(
          'alreadyExists',
          `ResourceAlreadyExistsException: Event source ${ref.name} already exists.`,
          400,
        );
      }
      return { arn: `arn:aws:events:${ref.region}::event-source/${ref.name}` };
    },
    async delete() {
      // The service marks the row deleted; nothing lives outside our database.
    },
    async status(ref): Promise<EventSourceStatus | null> {
      const [row] = await live(ref);
      if (!row) return 'deleted';
      return row.eventBusName ? 'active' : 'pending';
    },
    async putEvents(target, events) {
      if (events.length === 0) return [];
      const rows = await db
        .insert(eventBridgeEvents)
        .values(
          events.map((e) => ({
            region: target.region,
            eventSourceName: target.name,
            detailType: e.detailType,
            detail: e.detail,
          })),
        )
        .returning({ id: eventBridgeEvents.id });
      return rows.map((r) => `local-${r.id}`);
    },
    async associate(ref) {
      const [row] = await live(ref);
      if (!row)
        throw new EventBridgeAdapterError(
          'notFound',
          `ResourceNotFoundException: Event source ${ref.name} does not exist.`,
          400,
        );
    },
  };
}
