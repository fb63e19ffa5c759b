import { useParams } from 'react-router';
import Typography from '@mui/material/Typography';
import { PlaceholderPage } from '../../../components/placeholder/index.ts';
import { useCrumbLabel } from '../../../components/breadcrumbs/index.ts';

/** /trace/:traceId(/span/:spanId/:tab?) and the same under /traces/trace: one trace. */
export function TracePage() {
  const { traceId = '', spanId, tab } = useParams();
  useCrumbLabel('trace', traceId);
  useCrumbLabel('span', spanId);
  return (
    <PlaceholderPage
      title="Trace Details"
      description="Every span of one journey, with timings and AI summaries."
    >
      <Typography variant="body2">
        Trace: <strong>{traceId}</strong>
        {spanId && (
          <>
            {' '}
            · Span: <strong>{spanId}</strong>
          </>
        )}
        {tab && <> · Tab: {tab}</>}
      </Typography>
    </PlaceholderPage>
  );
}
