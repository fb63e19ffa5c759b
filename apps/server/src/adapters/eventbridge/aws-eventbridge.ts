import {
  CreatePartnerEventSourceCommand,
  DeletePartnerEventSourceCommand,
  DescribePartnerEventSourceCommand,
  EventBridgeClient,
  EventBridgeServiceException,
  ListPartnerEventSourceAccountsCommand,
  PutPartnerEventsCommand,
} from '@aws-sdk/client-eventbridge';
import { EVENTBRIDGE_TEXTS, eventSourceStatusOf, type EventSourceStatus } from '@callsight/shared';
import {
  EventBridgeAdapterError,
  type EventBridgeAdapter,
  type PartnerSourceRef,
} from './eventbridge-adapter.ts';

export interface AwsEventBridgeOptions {
  /** Static credentials; when absent the SDK's default chain (instance role, profile) is used. */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
  /** Another endpoint for every region (tests, LocalStack). */
  endpoint?: string;
  requestTimeoutMs?: number;
  maxAttempts?: number;
}

/** Turns an SDK failure into our error kinds; anything without an HTTP answer is a network failure. */
export function toAdapterError(err: unknown): EventBridgeAdapterError {
  if (err instanceof EventBridgeAdapterError) return err;
  if (err instanceof EventBridgeServiceException) {
    const status = err.$metadata.httpStatusCode;
    const message = `${err.name}: ${err.message}`;
    if (err.name === 'ResourceAlreadyExistsException')
      return new EventBridgeAdapterError('alreadyExists', message, status);
    if (err.message.includes('Caller is not allowlisted'))
      return new EventBridgeAdapterError('notAllowlisted', message, status);
    if (err.name === 'ResourceNotFoundException')
      return new EventBridgeAdapterError('notFound', message, status);
    if (
      err.name === 'ValidationException' ||
      /regular expression pattern|failed to satisfy constraint/i.test(err.message)
    ) {
      return new EventBridgeAdapterError('invalidName', message, status);
    }
    return new EventBridgeAdapterError('http', message, status);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new EventBridgeAdapterError('network', message);
}

/** The real AWS EventBridge through the AWS SDK v3, one client per region. */
export function createAwsEventBridgeAdapter(opts: AwsEventBridgeOptions): EventBridgeAdapter {
  const clients = new Map<string, EventBridgeClient>();
  const clientFor = (region: string) => {
    let client = clients.get(region);
    if (!client) {
      client = new EventBridgeClient({
        region,
        maxAttempts: opts.maxAttempts ?? 2,
        requestHandler: { connectionTimeout: 3000, requestTimeout: opts.requestTimeoutMs ?? 8000 },
        ...(opts.credentials ? { credentials: opts.credentials } : {}),
        ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
      });
      clients.set(region, client);
    }
    return client;
  };

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (err) {
      throw toAdapterError(err);
    }
  }

  return {
    kind: 'aws',
    async create(ref: PartnerSourceRef) {
      const out = await call(() =>
        clientFor(ref.region).send(
          new CreatePartnerEventSourceCommand({ Name: ref.name, Account: ref.accountId }),
        ),
      );
      return { arn: out.EventSourceArn ?? '' };
    },
    async delete(ref: PartnerSourceRef) {
      try {
        await call(() =>
          clientFor(ref.region).send(
            new DeletePartnerEventSourceCommand({ Name: ref.name, Account: ref.accountId }),
          ),
        );
      } catch (err) {
        if (err instanceof EventBridgeAdapterError && err.kind === 'notFound') return;
        throw err;
      }
    },
    async status(ref: PartnerSourceRef): Promise<EventSourceStatus | null> {
      try {
        let nextToken: string | undefined;
        do {
          const page = await call(() =>
            clientFor(ref.region).send(
              new ListPartnerEventSourceAccountsCommand({
                EventSourceName: ref.name,
                NextToken: nextToken,
              }),
            ),
          );
          const mine = page.PartnerEventSourceAccounts?.find((a) => a.Account === ref.accountId);
          if (mine) {
            const status = eventSourceStatusOf(mine.State);
            return status === 'unknown' ? null : status;
          }
          nextToken = page.NextToken;
        } while (nextToken);
        // The source exists but is not offered to this account (any more).
        await call(() =>
          clientFor(ref.region).send(new DescribePartnerEventSourceCommand({ Name: ref.name })),
        );
        return 'deleted';
      } catch (err) {
        if (err instanceof EventBridgeAdapterError && err.kind === 'notFound') return 'deleted';
        throw err;
      }
    },
    async putEvents(target, events) {
      const out = await call(() =>
        clientFor(target.region).send(
          new PutPartnerEventsCommand({
            Entries: events.map((e) => ({
              Source: target.name,
              DetailType: e.detailType,
              Detail: JSON.stringify(e.detail),
              Time: new Date(),
            })),
          }),
        ),
      );
      const failed = out.Entries?.find((e) => e.ErrorCode);
      if (failed || (out.FailedEntryCount ?? 0) > 0) {
        throw new EventBridgeAdapterError(
          'http',
          `PutPartnerEvents: ${failed?.ErrorCode ?? 'Error'}: ${failed?.ErrorMessage ?? 'an entry failed'}`,
        );
      }
      return (out.Entries ?? []).map((e) => e.EventId ?? '');
    },
    associate() {
      return Promise.reject(
        new EventBridgeAdapterError('unsupported', EVENTBRIDGE_TEXTS.associateWithAws),
      );
    },
  };
}
