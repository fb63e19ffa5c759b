import {
  allowedActionsFor,
  TRIGGER_CATALOGUE,
  triggerLoadsEventSources,
  WORKFLOW_ACTIONS,
  WORKFLOW_APPLICATIONS,
  type WorkflowCatalogue,
} from '@callsight/shared';

/** A catalogue as the server answers it, built from the shared trigger catalogue. */
export function makeCatalogue(
  options: { disabledApplications?: string[] } = {},
): WorkflowCatalogue {
  const disabled = options.disabledApplications ?? [];
  return {
    applications: WORKFLOW_APPLICATIONS.map((a) => ({
      id: a.id,
      label: a.label,
      icon: a.icon,
      disabled: disabled.includes(a.id),
    })),
    triggers: TRIGGER_CATALOGUE.map((t) => ({
      ...t,
      triggerConditions: t.triggerConditions.map(({ options, ...c }) =>
        options ? { ...c, options: [...options] } : c,
      ),
      permittedTo: [...t.permittedTo],
      allowedActions: [...allowedActionsFor(t.id)],
      loadsEventSources: triggerLoadsEventSources(t.id),
    })),
    actions: WORKFLOW_ACTIONS.map((a) => ({
      id: a.id,
      label: a.label,
      icon: a.icon,
      disabled: false,
    })),
  };
}
