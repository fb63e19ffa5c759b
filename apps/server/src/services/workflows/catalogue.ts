import { ne } from 'drizzle-orm';
import {
  allowedActionsFor,
  hasPermission,
  isFeatureEnabled,
  TRIGGER_CATALOGUE,
  triggerLoadsEventSources,
  WORKFLOW_ACTIONS,
  WORKFLOW_APPLICATIONS,
  type EnabledFeature,
  type EventSourceConfig,
  type FeatureFlag,
  type TriggerDefinition,
  type WorkflowActionKind,
  type WorkflowCatalogue,
} from '@callsight/shared';
import { eventSources } from '../../db/schema/index.ts';
import type { GroupScope } from '../../db/group-scope.ts';
import type { Caller } from '../../lib/caller.ts';
import { enabledFeatures } from '../groups/features.ts';

/** What a group may use: its feature flags turned into an enabled check. */
export interface GroupOffer {
  features: readonly EnabledFeature[];
  groupId: string;
}

const on = (offer: GroupOffer, feature: FeatureFlag | null) =>
  feature === null || isFeatureEnabled(offer.features, offer.groupId, feature);

/** True when the group's features offer the application. */
export function applicationEnabled(offer: GroupOffer, application: string): boolean {
  const app = WORKFLOW_APPLICATIONS.find((a) => a.id === application);
  return app !== undefined && on(offer, app.feature);
}

/** True when the group's features offer the action kind. */
export function actionEnabled(offer: GroupOffer, kind: WorkflowActionKind): boolean {
  const action = WORKFLOW_ACTIONS.find((a) => a.id === kind);
  return action !== undefined && on(offer, action.feature);
}

/** True when the caller holds one of the trigger's permittedTo. */
export function triggerPermitted(caller: Caller, trigger: TriggerDefinition): boolean {
  return hasPermission(caller.permissions, trigger.permittedTo);
}

/** The group's feature offer. */
export async function groupOffer(scope: GroupScope): Promise<GroupOffer> {
  return { features: await enabledFeatures(scope.db, scope.groupId), groupId: scope.groupId };
}

/**
 * The wizard's catalogue for the caller (spec 001 §3, §4, §6): applications (disabled when the
 * group's flag is off), the triggers the caller is permitted to use, with the actions each allows
 * in this group, and the actions (disabled when their flag is off).
 */
export async function workflowCatalogue(
  scope: GroupScope,
  caller: Caller,
): Promise<WorkflowCatalogue> {
  const offer = await groupOffer(scope);
  return {
    applications: WORKFLOW_APPLICATIONS.map((a) => ({
      id: a.id,
      label: a.label,
      icon: a.icon,
      disabled: !on(offer, a.feature),
    })),
    triggers: TRIGGER_CATALOGUE.filter((t) => triggerPermitted(caller, t)).map((t) => ({
      id: t.id,
      kind: t.kind,
      application: t.application,
      displayText: t.displayText,
      description: t.description,
      icon: t.icon,
      triggerConditions: t.triggerConditions.map(({ options, ...c }) => ({
        ...c,
        ...(options ? { options: [...options] } : {}),
      })),
      watchdogWatcher: t.watchdogWatcher,
      permittedTo: [...t.permittedTo],
      allowedActions: allowedActionsFor(t.id).filter((k) => actionEnabled(offer, k)),
      loadsEventSources: triggerLoadsEventSources(t.id),
    })),
    actions: WORKFLOW_ACTIONS.map((a) => ({
      id: a.id,
      label: a.label,
      icon: a.icon,
      disabled: !on(offer, a.feature),
    })),
  };
}

/** The group's live event sources for step 3 (none while the eventbridge flag is off). */
export async function eventSourceConfigs(scope: GroupScope): Promise<EventSourceConfig[]> {
  const offer = await groupOffer(scope);
  if (!on(offer, 'eventbridge')) return [];
  const rows = await scope.db
    .select()
    .from(eventSources)
    .where(scope.owns(eventSources, ne(eventSources.status, 'deleted')))
    .orderBy(eventSources.createdAt);
  return rows.map((r) => ({
    eventSourceId: r.id,
    eventSourceName: r.eventSourceName,
    awsRegion: r.awsRegion,
    status: r.status,
  }));
}
