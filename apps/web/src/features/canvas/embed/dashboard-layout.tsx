import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { DashboardRow, DashboardSpec } from '@callsight/shared';

type Cell = DashboardRow['cells'][number];

/** Rows of a 12-column grid (one column on small screens), each under its title. */
function Rows({ rows, renderCell }: { rows: DashboardRow[]; renderCell: (c: Cell) => ReactNode }) {
  return (
    <Stack spacing={2}>
      {rows.map((row, i) => (
        <Box key={i}>
          {row.title && (
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
              {row.title}
            </Typography>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: 'repeat(12, 1fr)' },
            }}
          >
            {row.cells.map((cell) => (
              <Box
                key={cell.chart.id}
                sx={{ gridColumn: { md: `span ${cell.width}` }, minWidth: 0 }}
              >
                {renderCell(cell)}
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Stack>
  );
}

/**
 * A dashboard's charts: its rows, then its tabs (an imported dashboard's TABS/TAB layout, issue
 * 34) as MUI Tabs, each tab's rows drawn (and queried) only while it is open.
 */
export function DashboardLayout({
  spec,
  renderCell,
}: {
  spec: Pick<DashboardSpec, 'id' | 'rows' | 'tabs'>;
  renderCell: (cell: Cell) => ReactNode;
}) {
  const [tab, setTab] = useState(0);
  const tabs = spec.tabs ?? [];
  const open = Math.min(tab, Math.max(0, tabs.length - 1));
  const current = tabs[open];
  return (
    <Stack spacing={2}>
      {spec.rows.length > 0 && <Rows rows={spec.rows} renderCell={renderCell} />}
      {current && (
        <Box>
          <Tabs
            value={open}
            onChange={(_, v: number) => setTab(v)}
            variant="scrollable"
            allowScrollButtonsMobile
            aria-label="Dashboard tabs"
            sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
          >
            {tabs.map((t, i) => (
              <Tab
                key={i}
                value={i}
                label={t.title}
                id={`${spec.id}-tab-${i}`}
                aria-controls={`${spec.id}-tabpanel-${i}`}
              />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            id={`${spec.id}-tabpanel-${open}`}
            aria-labelledby={`${spec.id}-tab-${open}`}
          >
            <Rows key={open} rows={current.rows} renderCell={renderCell} />
          </Box>
        </Box>
      )}
    </Stack>
  );
}
