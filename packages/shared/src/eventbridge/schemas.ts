import { z } from 'zod';
import { EVENTBRIDGE, EVENTBRIDGE_REGION_VALUES, EVENTBRIDGE_TEXTS } from './constants.ts';

/** One partner event source of a group (spec 000 §3 "EventBridge source"). */
export const EventSourceSchema = z.object({
  eventSourceId: z.uuid(),
  awsRegion: z.string(),
  /** The full name: aws.partner/{domain}/{groupId}/{name}. */
  eventSourceName: z.string(),
  accountId: z.string(),
  /** pending, active or deleted; any other value reads as unknown. */
  status: z.string(),
  eventBusName: z.string().nullable(),
  createdOn: z.iso.datetime({ offset: true }),
});
export type EventSource = z.infer<typeof EventSourceSchema>;

export const EventSourceListSchema = z.array(EventSourceSchema);

/** POST /users/eventBridge (spec 000 §5): the short name; the server adds the prefix. */
export const EventSourceCreateSchema = z.strictObject({
  awsRegion: z.enum(EVENTBRIDGE_REGION_VALUES, { error: EVENTBRIDGE_TEXTS.regionRequired }),
  eventSourceName: z
    .string({ error: EVENTBRIDGE_TEXTS.invalidName })
    .trim()
    .regex(EVENTBRIDGE.namePattern, EVENTBRIDGE_TEXTS.invalidName)
    .max(
      EVENTBRIDGE.nameMaxLength,
      `Event Source Name must be at most ${EVENTBRIDGE.nameMaxLength} characters`,
    ),
  accountId: z
    .string({ error: EVENTBRIDGE_TEXTS.invalidAccount })
    .trim()
    .regex(EVENTBRIDGE.accountPattern, EVENTBRIDGE_TEXTS.invalidAccount),
});
export type EventSourceCreateInput = z.infer<typeof EventSourceCreateSchema>;

/**
 * GET /users/eventBridge/{flag}: flag "true" lists deleted sources too, "false" only live
 * (pending and active) ones. Either way the live sources' statuses are refreshed first.
 */
export const EventSourceListParamsSchema = z.object({
  flag: z.stringbool({ error: 'flag must be true (include deleted sources) or false' }),
});

export const EventSourceIdParamsSchema = z.object({
  eventSourceId: z.uuid({ error: 'Event source id must be a UUID' }),
});

/** POST /users/eventBridge/{id}/associate (local adapter): the event bus now receiving events. */
export const EventSourceAssociateSchema = z.strictObject({
  /** Defaults to the event source name, as AWS names a partner event bus. */
  eventBusName: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9/._-]{1,256}$/,
      'Event bus name can only contain alphanumeric characters, slashes (/), hyphens (-), underscores (_), and periods (.)',
    )
    .optional(),
});
export type EventSourceAssociateInput = z.infer<typeof EventSourceAssociateSchema>;

/** GET /users/eventBridge/settings: what the add form shows and which adapter answers. */
export const EventBridgeSettingsSchema = z.object({
  /** aws.partner/{domain}/{groupId}/ — the entered name is appended. */
  namePrefix: z.string(),
  /** local: the built-in implementation, where an event bus is associated through this API. */
  adapter: z.enum(['aws', 'local']),
});
export type EventBridgeSettings = z.infer<typeof EventBridgeSettingsSchema>;
