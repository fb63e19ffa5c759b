import type { AppConfig } from '../../config.ts';
import { createAwsMeteringAdapter } from './aws-metering.ts';
import { createLocalMeteringAdapter } from './local-metering.ts';
import type { MeteringAdapter } from './metering-adapter.ts';

export * from './metering-adapter.ts';
export { createAwsMeteringAdapter } from './aws-metering.ts';
export { createLocalMeteringAdapter, type LocalMeteringAdapter } from './local-metering.ts';

/**
 * AWS Marketplace Metering when MARKETPLACE_METERING_ADAPTER=aws (credentials: the AWS_* key
 * pair, else the SDK's default chain), otherwise the built-in local marketplace.
 */
export function createMeteringAdapter(
  config: AppConfig,
  log?: { info(obj: object, msg: string): void } | null,
): MeteringAdapter {
  if (config.MARKETPLACE_METERING_ADAPTER !== 'aws') return createLocalMeteringAdapter(log);
  const endpoint = config.MARKETPLACE_METERING_ENDPOINT ?? config.AWS_ENDPOINT_URL;
  return createAwsMeteringAdapter({
    region: config.MARKETPLACE_METERING_REGION,
    ...(config.AWS_ACCESS_KEY_ID && config.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: config.AWS_ACCESS_KEY_ID,
            secretAccessKey: config.AWS_SECRET_ACCESS_KEY,
            ...(config.AWS_SESSION_TOKEN ? { sessionToken: config.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
    ...(endpoint ? { endpoint } : {}),
  });
}
