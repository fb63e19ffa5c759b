import type { EventSourceStatus } from '@callsight/shared';

/** One partner event source as AWS knows it: region, full name and the account it is offered to. */
export interface PartnerSourceRef {
  region: string;
  name: string;
  accountId: string;
}

/** Why an EventBridge call failed, in our words; the service turns each into an API answer. */
export type EventBridgeFailureKind =
  | 'alreadyExists'
  | 'notAllowlisted'
  | 'invalidName'
  | 'notFound'
  | 'unsupported'
  | 'http'
  | 'network';

/** A failed EventBridge call; `awsMessage` keeps the outside text for logs and the audit row. */
export class EventBridgeAdapterError extends Error {
  constructor(
    readonly kind: EventBridgeFailureKind,
    readonly awsMessage: string,
    readonly httpStatus?: number,
  ) {
    super(awsMessage);
    this.name = 'EventBridgeAdapterError';
  }
}

/** Partner event sources: AWS when configured, otherwise the built-in local implementation. */
export interface EventBridgeAdapter {
  readonly kind: 'aws' | 'local';
  /** Offers a partner event source to an AWS account; answers its ARN. */
  create(ref: PartnerSourceRef): Promise<{ arn: string }>;
  /** Withdraws the source from the account; an already missing source is not an error. */
  delete(ref: PartnerSourceRef): Promise<void>;
  /** The source's state for the account, or null when it cannot be told. */
  status(ref: PartnerSourceRef): Promise<EventSourceStatus | null>;
  /** Associates an event bus (local only: in AWS the customer does it in their account). */
  associate(ref: PartnerSourceRef, eventBusName: string): Promise<void>;
  /** Puts events on a partner event source (workflow EventBridge action); answers their ids. */
  putEvents(source: PartnerEventTarget, events: readonly PartnerEvent[]): Promise<string[]>;
}

/** Where workflow events go: the partner event source by its full name, in its region. */
export interface PartnerEventTarget {
  region: string;
  name: string;
}

/** One event: its detail type and JSON detail. */
export interface PartnerEvent {
  detailType: string;
  detail: Record<string, unknown>;
}
