import { JobReportFrame } from '../../gsm/synthetic/components/job-report-frame.tsx';
import { useJobReport } from '../../gsm/synthetic/use-job-report.ts';
import { useTabParam } from '../../gsm/synthetic/use-tab-param.ts';
import { AudioAnalyticsTab } from '../components/report/audio-analytics-tab.tsx';
import { ResultsTab } from '../components/report/results-tab.tsx';
import { HEARTBEAT_SCREEN_TEXTS as T } from '../texts.ts';

const TABS = [
  { key: 'results', label: 'Results' },
  { key: 'audio', label: 'Audio Analytics' },
] as const;

/**
 * /gsm/heartbeat/jobs/:jobId/report (spec 002 §2.9): Results and Audio Analytics of one
 * heartbeat call; a Call Failed or Agent Error job says its stored message in the snackbar.
 */
export function HeartbeatJobReportPage() {
  const { details, stats, insights } = useJobReport('heartbeat', 'heartbeatJob');
  const [tab, setTab] = useTabParam(['results', 'audio']);
  return (
    <JobReportFrame title={T.reportTitle} details={details} tabs={TABS} tab={tab} onTab={setTab}>
      {(data) =>
        tab === 'audio' ? (
          <AudioAnalyticsTab details={data} />
        ) : (
          <ResultsTab details={data} insights={insights.data} stats={stats.data} />
        )
      }
    </JobReportFrame>
  );
}
