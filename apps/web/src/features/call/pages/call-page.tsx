import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header/index.ts';
import { paths } from '../../../lib/paths.ts';
import { CallDetail } from '../components/call-detail.tsx';

/** /call/:contactId (and /summary, /rtc, /logs, /telemetry): Call Details in its own page. */
export function CallPage() {
  const { groupId = '', contactId = '' } = useParams();
  return (
    <>
      <PageHeader title="Call Details" />
      <CallDetail
        key={contactId}
        contactId={contactId}
        basePath={paths.call.getHref(groupId, contactId)}
      />
    </>
  );
}
