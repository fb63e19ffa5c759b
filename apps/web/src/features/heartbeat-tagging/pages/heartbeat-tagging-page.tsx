import { useState } from 'react';
import { useParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { TAGGING_TEXTS } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ConnectNumbersTab } from '../components/connect-numbers-tab.tsx';
import { TaggingTab } from '../components/tagging-tab.tsx';

/** /configs/heartbeat-tagging: dial numbers per Connect region and tagging configs (spec 000 §2.5). */
export function HeartbeatTaggingPage() {
  const { groupId = '' } = useParams();
  const [tab, setTab] = useState<'numbers' | 'tagging'>('numbers');
  return (
    <>
      <PageHeader
        title="Heartbeat Tagging"
        subtitle="Dial numbers per Connect region and the tags put on heartbeat calls."
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, v: 'numbers' | 'tagging') => setTab(v)}
          aria-label="Heartbeat Tagging"
        >
          <Tab value="numbers" label={TAGGING_TEXTS.numbersTab} />
          <Tab value="tagging" label={TAGGING_TEXTS.taggingTab} />
        </Tabs>
      </Box>
      {tab === 'numbers' ? (
        <ConnectNumbersTab groupId={groupId} />
      ) : (
        <TaggingTab groupId={groupId} />
      )}
    </>
  );
}
