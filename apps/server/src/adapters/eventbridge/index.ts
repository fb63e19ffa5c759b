import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { createAwsEventBridgeAdapter } from './aws-eventbridge.ts';
import { createLocalEventBridgeAdapter } from './local-eventbridge.ts';
import type { EventBridgeAdapter } from './eventbridge-adapter.ts';

export * from './eventbridge-adapter.ts';

/** AWS when an access key pair is configured (or EVENTBRIDGE_ADAPTER=aws), otherwise local. */
export function createEventBridgeAdapter(config: AppConfig, db: Db): EventBridgeAdapter {
  const hasKeys = Boolean(config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY);
  const useAws =
    config.EVENTBRIDGE_ADAPTER === 'aws' || (config.EVENTBRIDGE_ADAPTER === 'auto' && hasKeys);
  if (!useAws) return createLocalEventBridgeAdapter(db);
  return createAwsEventBridgeAdapter({
    ...(config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.AWS_ACCESS_KEY_ID,
            secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
            ...(config.AWS_SESSION_TOKEN ? { sessionToken: config.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
    ...(config.AWS_ENDPOINT_URL ? { endpoint: config.AWS_ENDPOINT_URL } : {}),
  });
}
