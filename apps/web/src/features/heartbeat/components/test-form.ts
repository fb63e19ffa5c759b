import {
  HeartbeatTestCreateInputSchema,
  SYNTHETIC_TEXTS,
  type AgentType,
  type HeartbeatTestCreateInput,
} from '@callsight/shared';
import { scheduleInput, syntheticWizardSchema } from '../../gsm/synthetic/wizard-schema.ts';

/** What the test wizard edits; the schedule is its minutes as text ('' until chosen). */
export interface TestFormValues {
  sourcePhoneNumber: string;
  targetPhoneNumber: string;
  description: string;
  agentType: AgentType | '';
  agentIds: string[];
  schedule: string;
}

export const emptyTestValues = (): TestFormValues => ({
  sourcePhoneNumber: '',
  targetPhoneNumber: '',
  description: '',
  agentType: '',
  agentIds: [],
  schedule: '',
});

/** The fields of each step, in step order (spec 002 §2.6). */
export const TEST_STEP_FIELDS = [
  ['sourcePhoneNumber', 'targetPhoneNumber', 'description'],
  ['agentType'],
  ['agentIds'],
  ['schedule'],
] as const satisfies readonly (readonly (keyof TestFormValues)[])[];

/** The test wizard's schema: the shared create input and a schedule required (§5). */
export const testWizardSchema = syntheticWizardSchema<TestFormValues, HeartbeatTestCreateInput>(
  HeartbeatTestCreateInputSchema,
  (values) => ({
    ...values,
    agentType: values.agentType || undefined,
    schedule: scheduleInput(values.schedule),
  }),
  SYNTHETIC_TEXTS.testScheduleRequired,
);
