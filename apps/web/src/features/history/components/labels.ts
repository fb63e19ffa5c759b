import {
  findTrigger,
  formatDisplayDate,
  WORKFLOW_ACTIONS,
  WORKFLOW_APPLICATIONS,
} from '@callsight/shared';

/** Result timestamps show seconds: DD-MM-YYYY HH:mm:ss (spec 001 §9). */
export const timestampText = (iso: string) => formatDisplayDate(iso);
export const applicationText = (id: string) =>
  WORKFLOW_APPLICATIONS.find((a) => a.id === id)?.label ?? id;
export const triggerText = (id: string) => findTrigger(id)?.displayText ?? id;
export const actionText = (id: string) => WORKFLOW_ACTIONS.find((a) => a.id === id)?.label ?? id;
