import {
  MonitorCreateInputSchema,
  SYNTHETIC_TEXTS,
  type MonitorCreateInput,
} from '@callsight/shared';
import { scheduleInput, syntheticWizardSchema } from '../synthetic/wizard-schema.ts';

/** What the monitor wizard edits; the schedule is its minutes as text ('' until chosen). */
export interface MonitorFormValues {
  description: string;
  connectRegions: string[];
  agentRegions: string[];
  schedule: string;
}

export const emptyMonitorValues = (): MonitorFormValues => ({
  description: '',
  connectRegions: [],
  agentRegions: [],
  schedule: '',
});

/** The fields of each step, in step order (spec 002 §2.1). */
export const MONITOR_STEP_FIELDS = [
  ['description'],
  ['connectRegions'],
  ['agentRegions'],
  ['schedule'],
] as const satisfies readonly (readonly (keyof MonitorFormValues)[])[];

/** The monitor wizard's schema: the shared create input and a schedule required (§5). */
export const monitorWizardSchema = syntheticWizardSchema<MonitorFormValues, MonitorCreateInput>(
  MonitorCreateInputSchema,
  (values) => ({ ...values, schedule: scheduleInput(values.schedule) }),
  SYNTHETIC_TEXTS.monitorScheduleRequired,
);
