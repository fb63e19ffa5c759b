import { z } from 'zod';
import {
  ConfigFieldViewSchema,
  ConfigValueSchema,
  ConfigValueTypeSchema,
  ModuleKeySchema,
} from './types.ts';

const ConfigKeySchema = z
  .string({ error: 'Required (Key)' })
  .trim()
  .min(1, 'Required (Key)')
  .max(100, 'Key must be at most 100 characters')
  .regex(/^[A-Za-z0-9_]+$/, 'Key has invalid characters');

/** GET /config/{key}/{type} */
export const ConfigEntryParamsSchema = z.object({
  key: ConfigKeySchema,
  type: ConfigValueTypeSchema,
});
/** PUT /config/{type} */
export const ConfigTypeParamsSchema = z.object({ type: ConfigValueTypeSchema });

/** A value to write; null removes the stored value so that the default applies again. */
const WrittenValueSchema = z.unknown().refine((v) => v !== undefined, 'Required (Value)');

/** PUT /config/{type} and POST /config/validate: key and value (spec 000 §7). */
export const ConfigWriteSchema = z.strictObject({
  key: ConfigKeySchema,
  value: WrittenValueSchema,
});
export type ConfigWrite = z.infer<typeof ConfigWriteSchema>;

/** PUT /config: several entries of one form saved together, all or none. */
export const ConfigBatchWriteSchema = z.strictObject({
  entries: z.array(ConfigWriteSchema).min(1, 'Nothing to save').max(300),
});
export type ConfigBatchWrite = z.infer<typeof ConfigBatchWriteSchema>;

/** One config entry as read or written: key, type and the typed value (spec 000 §3). */
export const ConfigEntrySchema = z.object({
  key: z.string(),
  type: ConfigValueTypeSchema,
  value: ConfigValueSchema,
  /** True when nothing is stored and the value is the catalogue default. */
  isDefault: z.boolean(),
  writable: z.boolean(),
});
export type ConfigEntry = z.infer<typeof ConfigEntrySchema>;

export const ConfigBatchResultSchema = z.object({ entries: z.array(ConfigEntrySchema) });

/** POST /config/validate answer when the value passes: the value as it would be stored. */
export const ConfigValidationSchema = z.object({
  key: z.string(),
  valid: z.literal(true),
  value: ConfigValueSchema,
});

/** GET /config/modules: the caller's settings modules in this group. */
export const ConfigModuleListSchema = z.object({ modules: z.array(ModuleKeySchema) });
export type ConfigModuleList = z.infer<typeof ConfigModuleListSchema>;

/** One module of the catalogue as the caller sees it. */
export const ConfigModuleViewSchema = z.object({
  key: ModuleKeySchema,
  title: z.string(),
  description: z.string(),
  fields: z.array(ConfigFieldViewSchema),
});
export type ConfigModuleView = z.infer<typeof ConfigModuleViewSchema>;

/** GET /config/catalogue: the caller's modules with the fields they may see and their values. */
export const ConfigCatalogueSchema = z.object({
  groupId: z.string(),
  modules: z.array(ConfigModuleViewSchema),
});
export type ConfigCatalogue = z.infer<typeof ConfigCatalogueSchema>;

export const ConfigCatalogueQuerySchema = z.object({ module: ModuleKeySchema.optional() });
