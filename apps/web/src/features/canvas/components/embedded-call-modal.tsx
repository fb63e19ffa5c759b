import { CallDetailModal } from '../../explorer/components/call-detail-modal.tsx';
import { useEmbedCallLoader } from '../api/get-embed-call.ts';

/**
 * A call opened from an embedded dashboard (DashboardFrame's call links, at
 * {callBase}/call/{contactId}): the call detail modal over the page, reading the call through the
 * dashboard's guest token under the frame's team (decision C12), never the session's call-detail
 * API, so a Group User opens it and a team's rules hold.
 */
export function EmbeddedCallModal(props: {
  groupId: string;
  dashboardId: string;
  /** The frame's callBase: the modal lives at {listPath}/call/{contactId}. */
  listPath: string;
  /** The call (default: the route's :contactId). */
  contactId?: string;
  /** The frame's team (default: the remembered one, as DashboardFrame's). */
  roleId?: string | null;
  /** Offer 'Open in new Tab': only to callers who may open the call page. */
  openInNewTab: boolean;
}) {
  const load = useEmbedCallLoader(props.groupId, props.dashboardId, props.roleId);
  return (
    <CallDetailModal
      listPath={props.listPath}
      load={load}
      openInNewTab={props.openInNewTab}
      contactId={props.contactId}
    />
  );
}
