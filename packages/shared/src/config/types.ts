import { z } from 'zod';
import { PermissionSchema, type Permission } from '../access/permissions.ts';
import { MODULE_KEYS } from '../access/modules.ts';

/** Value types of a config entry (spec 000 §3); booleans are stored as "true" / "false". */
export const CONFIG_VALUE_TYPES = ['string', 'list', 'boolean', 'array', 'json'] as const;
export const ConfigValueTypeSchema = z.enum(CONFIG_VALUE_TYPES, {
  error: `Type must be one of ${CONFIG_VALUE_TYPES.join(', ')}`,
});
export type ConfigValueType = z.infer<typeof ConfigValueTypeSchema>;

/**
 * The input a generic form draws for a field. `object` and `table` hold property sub-fields
 * (a json object, an array of objects); `secret` is write-only; `json` is raw JSON text.
 */
export const CONFIG_CONTROLS = [
  'text',
  'number',
  'select',
  'toggle',
  'list',
  'secret',
  'object',
  'table',
  'json',
] as const;
export const ConfigControlSchema = z.enum(CONFIG_CONTROLS);
export type ConfigControl = z.infer<typeof ConfigControlSchema>;

/** A typed config value: string, boolean, list of strings, array or JSON object. */
export const ConfigValueSchema = z.union([
  z.string(),
  z.boolean(),
  z.array(z.unknown()),
  z.record(z.string(), z.unknown()),
]);
export type ConfigValue = z.infer<typeof ConfigValueSchema>;

/** Server and form checks a field carries beyond its type (spec 000 §5). */
export const ConfigRuleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('url') }),
  z.object({ kind: z.literal('ccpUrl') }),
  z.object({ kind: z.literal('origins') }),
  z.object({ kind: z.literal('pagePaths') }),
  z.object({
    kind: z.literal('number'),
    min: z.number(),
    max: z.number(),
    integer: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('taggingConfigs') }),
  z.object({ kind: z.literal('connectNumbers') }),
]);
export type ConfigRule = z.infer<typeof ConfigRuleSchema>;

export const ConfigOptionSchema = z.object({ value: z.string(), label: z.string() });
export type ConfigOption = z.infer<typeof ConfigOptionSchema>;

/**
 * A config field definition (spec 000 §3). Sub-fields of an `object` or `table` field are the
 * properties of its value; sub-fields of any other field are config entries of their own, shown
 * under it (under a toggle: only while it is on).
 */
export interface ConfigFieldDefinition {
  key: string;
  type: ConfigValueType;
  control: ConfigControl;
  title: string;
  /** The input's label or placeholder. */
  fieldText?: string;
  description?: string;
  default: ConfigValue;
  options?: ConfigOption[];
  helperTexts?: string[];
  readRoles: Permission[];
  writeRoles: Permission[];
  /** Not drawn by the generic form (set by a custom screen or through the API). */
  hide?: boolean;
  /** The value is never sent to anyone; writers may replace it. */
  secret?: boolean;
  rule?: ConfigRule;
  subFields?: ConfigFieldDefinition[];
}

export const ConfigFieldDefinitionSchema = z.object({
  key: z.string(),
  type: ConfigValueTypeSchema,
  control: ConfigControlSchema,
  title: z.string(),
  fieldText: z.string().optional(),
  description: z.string().optional(),
  default: ConfigValueSchema,
  options: z.array(ConfigOptionSchema).optional(),
  helperTexts: z.array(z.string()).optional(),
  readRoles: z.array(PermissionSchema),
  writeRoles: z.array(PermissionSchema),
  hide: z.boolean().optional(),
  secret: z.boolean().optional(),
  rule: ConfigRuleSchema.optional(),
});

/** A field as one caller sees it: its definition, current value (not for secrets) and rights. */
export interface ConfigFieldView extends Omit<ConfigFieldDefinition, 'subFields'> {
  /** Current value, or the default when none is stored; absent for secrets and properties. */
  value?: ConfigValue;
  /** True when the group has stored a value (for secrets: one is set). */
  isSet: boolean;
  writable: boolean;
  subFields?: ConfigFieldView[];
}

export const ConfigFieldViewSchema: z.ZodType<ConfigFieldView> = ConfigFieldDefinitionSchema.extend(
  {
    value: ConfigValueSchema.optional(),
    isSet: z.boolean(),
    writable: z.boolean(),
    get subFields() {
      return z.array(ConfigFieldViewSchema).optional();
    },
  },
);

export const ModuleKeySchema = z.enum(MODULE_KEYS);

/** One settings module: its title and the fields the caller may see. */
export interface ConfigModuleDefinition {
  key: (typeof MODULE_KEYS)[number];
  title: string;
  description: string;
  fields: ConfigFieldDefinition[];
}
