/**
 * Teams (data roles, spec 002 §3, §5, §6): a named set of row-level conditions on the group's
 * calls and the dashboards its members may open (all when the list is empty).
 */
import { z } from 'zod';

export const TEAM_CONDITION_TYPES = [
  { value: 'group1', label: 'Agent Group 1', kind: 'text' },
  { value: 'group2', label: 'Agent Group 2', kind: 'text' },
  { value: 'group3', label: 'Agent Group 3', kind: 'text' },
  { value: 'group4', label: 'Agent Group 4', kind: 'text' },
  { value: 'group5', label: 'Agent Group 5', kind: 'text' },
  { value: 'attributes', label: 'CTR Attributes', kind: 'json' },
] as const;
export type TeamConditionType = (typeof TEAM_CONDITION_TYPES)[number]['value'];
const TYPE_VALUES = TEAM_CONDITION_TYPES.map((t) => t.value) as [
  TeamConditionType,
  ...TeamConditionType[],
];

export const TEAM_OPERATORS = [
  { value: 'equals', label: 'equals' },
  { value: 'startsWith', label: 'startsWith' },
] as const;
const OPERATOR_VALUES = ['equals', 'startsWith'] as const;

export const TEAM_TEXTS = {
  nameRequired: 'Please enter a team name.',
  valueRequired: 'Every condition needs a value.',
  fieldRequired: 'A CTR Attributes condition needs a field name.',
  duplicate: 'Each type and field may appear once.',
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  createFailed: 'Error creating role',
  noMembers: 'No users have access to this role.',
  noRoles: 'No Roles Available',
  userRequired: 'Please select a user.',
  // Ours: spec 002 §4 lists these events without texts.
  memberAdded: 'Member added to the team',
  memberRemoved: 'Member removed from the team',
} as const;

export const TeamConditionSchema = z.object({
  type: z.enum(TYPE_VALUES, { error: 'type must be an Agent Group (1-5) or CTR Attributes' }),
  /** The CTR attribute's name (json type only). */
  field: z.string().trim().max(200).optional(),
  operator: z.enum(OPERATOR_VALUES, { error: 'operator must be equals or startsWith' }),
  value: z.string().trim().min(1, TEAM_TEXTS.valueRequired).max(500),
});
export type TeamCondition = z.infer<typeof TeamConditionSchema>;

/** Conditions: every value set, a field for CTR attributes, each type and field pair once. */
export const TeamConditionsSchema = z
  .array(TeamConditionSchema)
  .max(30)
  .superRefine((conditions, ctx) => {
    const seen = new Set<string>();
    conditions.forEach((c, i) => {
      if (c.type === 'attributes' && !c.field)
        ctx.addIssue({ code: 'custom', path: [i, 'field'], message: TEAM_TEXTS.fieldRequired });
      const key = `${c.type}:${c.type === 'attributes' ? (c.field ?? '') : ''}`;
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: [i, 'type'], message: TEAM_TEXTS.duplicate });
      seen.add(key);
    });
  });

const teamName = z
  .string({ error: TEAM_TEXTS.nameRequired })
  .trim()
  .min(1, TEAM_TEXTS.nameRequired)
  .max(100, 'A team name is at most 100 characters');

/** POST /dataRoles (spec 002 §7.4: payload name). */
export const TeamCreateInputSchema = z.strictObject({ name: teamName });

/** PUT /dataRoles/{id}: name, conditions and dashboards (empty: all). */
export const TeamUpdateInputSchema = z.strictObject({
  id: z.string().optional(),
  name: teamName,
  conditions: TeamConditionsSchema,
  dashboards: z.array(z.string().min(1).max(200)).max(100),
});
export type TeamUpdateInput = z.infer<typeof TeamUpdateInputSchema>;

export const TeamSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  conditions: z.array(TeamConditionSchema),
  dashboards: z.array(z.string()),
});
export type Team = z.infer<typeof TeamSchema>;
export const TeamListSchema = z.array(TeamSchema);

/**
 * GET /dataRoles/active: the team whose rules narrow the caller's call data now (the X-Team-Id
 * header's, or the default of decision T2), or null; `exempt` when the caller sees every call of
 * the group without a team (Group Admins and super users).
 */
export const ActiveTeamSchema = z.object({ team: TeamSchema.nullable(), exempt: z.boolean() });
export type ActiveTeam = z.infer<typeof ActiveTeamSchema>;

/**
 * GET /dataRoles/values (issue 33 §1): the values a condition's Value field offers, for a type and,
 * for CTR Attributes, a field (none: the attribute names). Free text stays allowed.
 */
export const TeamFieldValuesQuerySchema = z.object({
  type: z.enum(TYPE_VALUES, { error: 'type must be an Agent Group (1-5) or CTR Attributes' }),
  field: z.string().trim().max(200).optional(),
});
export type TeamFieldValuesQuery = z.infer<typeof TeamFieldValuesQuerySchema>;
/** The distinct values seen in the group's calls of the last 90 days, sorted, at most 200. */
export const TeamFieldValuesSchema = z.array(z.string());

export const TeamMemberSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export const TeamMemberListSchema = z.array(TeamMemberSchema);

export const TeamIdParamsSchema = z.object({ id: z.uuid({ error: 'id must be a uuid' }) });
export const TeamMemberParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a uuid' }),
  user: z.uuid({ error: 'user must be a uuid' }),
});
