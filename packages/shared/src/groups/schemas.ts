import { z } from 'zod';
import { requiredText } from '../common/validation.ts';
import { FeatureFlagSchema } from '../access/features.ts';

export const GROUP_REGIONS = ['ap-southeast-2', 'us-east-2'] as const;
export const GroupRegionSchema = z.enum(GROUP_REGIONS);
export const GROUP_STATUSES = ['active', 'archived'] as const;
export const CCAAS_PROVIDERS = ['AWS', 'GENESYS', 'NICE'] as const;

export const GroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  customerID: z.string(),
  customerName: z.string(),
  region: GroupRegionSchema,
  status: z.enum(GROUP_STATUSES),
  ccaasProvider: z.enum(CCAAS_PROVIDERS),
  heartbeatEnabled: z.boolean(),
});
export type Group = z.infer<typeof GroupSchema>;

export const GroupListSchema = z.array(GroupSchema);

export const GroupIdParamsSchema = z.object({ id: z.uuid({ error: 'Group ID is missing' }) });

/** A group as listed in the profile. */
export const ProfileGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  region: GroupRegionSchema,
});

export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  groups: z.array(ProfileGroupSchema),
  currentGroupId: z.string(),
  isSuper: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

/** PUT /users/profile: only the name and picture are the user's to change. */
export const ProfileUpdateSchema = z.strictObject({
  name: requiredText('Name', 120),
  picture: z.url({ error: 'Invalid URL' }).max(2000).nullable().optional(),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** PUT /users/switchGroup: the profile with the requested currentGroupId. */
export const SwitchGroupSchema = z.looseObject({
  currentGroupId: z.uuid({ error: 'Group ID is missing' }),
});
export type SwitchGroupInput = z.infer<typeof SwitchGroupSchema>;

/** Feature flags of one group: every known flag with its state. */
export const GroupFeaturesSchema = z.record(FeatureFlagSchema, z.boolean());
export type GroupFeatures = z.infer<typeof GroupFeaturesSchema>;
/** PUT /groups/{id}/features: the flags to change; unknown flags are refused by name. */
export const GroupFeaturesUpdateSchema = z.partialRecord(FeatureFlagSchema, z.boolean());
