import { useSearchParams } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ActionHistoryTab } from '../components/action-history-tab.tsx';
import { AuditLogsTab } from '../components/audit-logs-tab.tsx';
import { HISTORY_PARAMS, HISTORY_TABS, readTab, type HistoryTab } from '../url.ts';

/** /history/lists (spec 001 §2): tabs Workflow Actions and Audit Logs, each with its own range. */
export function HistoryPage() {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params);

  // Each tab has its own default range and filters: switching starts the tab afresh.
  const select = (next: HistoryTab) => {
    if (next === tab) return;
    setParams(next === 'actions' ? {} : { [HISTORY_PARAMS.tab]: next });
  };

  return (
    <>
      <PageHeader
        title="History"
        subtitle="What the workflows did, and the audit log of every change and job in this group."
      />
      <Tabs
        value={tab}
        onChange={(_e, value: HistoryTab) => select(value)}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {HISTORY_TABS.map((t) => (
          <Tab key={t.key} value={t.key} label={t.label} data-testid={`history-tab-${t.key}`} />
        ))}
      </Tabs>
      {tab === 'actions' ? <ActionHistoryTab /> : <AuditLogsTab />}
    </>
  );
}
