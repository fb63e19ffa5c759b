import Typography from '@mui/material/Typography';
import { JobReportFrame } from '../synthetic/components/job-report-frame.tsx';
import { useJobReport } from '../synthetic/use-job-report.ts';
import { useTabParam } from '../synthetic/use-tab-param.ts';
import { AgentNetworkTab } from '../components/report/agent-network-tab.tsx';
import { AudioQualityTab } from '../components/report/audio-quality-tab.tsx';
import { IntelligenceTab } from '../components/report/intelligence-tab.tsx';
import { OverviewTab } from '../components/report/overview-tab.tsx';
import { GSM_SCREEN_TEXTS as T } from '../texts.ts';

const TABS = [
  { key: 'overview', label: 'Overview' },
  { key: 'audio', label: 'Audio Quality' },
  { key: 'intelligence', label: 'Intelligence Quality' },
  { key: 'network', label: 'Agent Network' },
  { key: 'contact-flow', label: 'Contact Flow' },
] as const;
type TabKey = (typeof TABS)[number]['key'];
const TAB_KEYS = TABS.map((t) => t.key) as [TabKey, ...TabKey[]];

/** /gsm/jobs/:jobId/report (spec 002 §2.3): the report card of one GSM monitor run. */
export function GsmJobReportPage() {
  const { details, stats, insights } = useJobReport('monitor', 'gsmJob');
  const [tab, setTab] = useTabParam(TAB_KEYS);
  return (
    <JobReportFrame title={T.reportTitle} details={details} tabs={TABS} tab={tab} onTab={setTab}>
      {(data) => {
        switch (tab) {
          case 'audio':
            return <AudioQualityTab details={data} />;
          case 'intelligence':
            return <IntelligenceTab details={data} />;
          case 'network':
            return <AgentNetworkTab details={data} stats={stats.data} />;
          case 'contact-flow':
            return (
              <Typography color="text.secondary" sx={{ py: 4 }}>
                {T.contactFlowPlaceholder}
              </Typography>
            );
          default:
            return <OverviewTab details={data} insights={insights.data} />;
        }
      }}
    </JobReportFrame>
  );
}
