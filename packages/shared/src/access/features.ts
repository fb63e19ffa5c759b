import { z } from 'zod';

/** Per-group feature flags (spec 000 §3 and §6); every flag defaults to off. */
export const FEATURE_FLAGS = [
  'embeddedCanvasApi',
  'journeyExplorer',
  'simulate',
  'eventbridge',
  'garvis',
  'garvis2',
  'garvisPreview',
  'genesys',
  'twilio',
  'cisco',
  'slack',
  'appSpecific',
  'testActions',
] as const;
export const FeatureFlagSchema = z.enum(FEATURE_FLAGS);
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>;

/** One enabled feature as the access token carries it (group and feature). */
export const EnabledFeatureSchema = z.object({ group: z.string(), feature: FeatureFlagSchema });
export type EnabledFeature = z.infer<typeof EnabledFeatureSchema>;

/** True when the feature is enabled for the given group in the token's feature list. */
export function isFeatureEnabled(
  features: readonly EnabledFeature[],
  groupId: string,
  feature: FeatureFlag,
): boolean {
  return features.some((f) => f.group === groupId && f.feature === feature);
}
