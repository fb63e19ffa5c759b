import { useEffect } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CONFIG_TEXTS,
  canSeeConfigField,
  catalogueModule,
  type ModuleKey,
} from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useSession } from '../../../lib/session.ts';
import { useConfigCatalogue } from '../api/get-config-catalogue.ts';
import { ConfigForm } from '../components/config-form.tsx';
import { SettingsModuleGate } from '../components/settings-module-gate.tsx';
import { SETTINGS_ITEMS } from '../settings-menu.ts';

/** A settings item drawn as a generic form from its module's field definitions. */
export function ConfigModulePage({ module }: { module: ModuleKey }) {
  return (
    <SettingsModuleGate module={module}>
      <ModuleForm module={module} />
    </SettingsModuleGate>
  );
}

function ModuleForm({ module }: { module: ModuleKey }) {
  const { groupId = '' } = useParams();
  const permissions = useSession()?.claims.permissions ?? [];
  // Fields the caller may not read are never asked for (an admin's Alerts: only super reads).
  const readsAny = !!catalogueModule(module)?.fields.some((f) => canSeeConfigField(f, permissions));
  const catalogue = useConfigCatalogue(groupId, module, readsAny);
  const snackbar = useSnackbar();
  const view = catalogue.data?.modules.find((m) => m.key === module);

  useEffect(() => {
    if (catalogue.isError) snackbar.show(CONFIG_TEXTS.retrieveError, 'error');
  }, [catalogue.isError, snackbar]);

  if (!readsAny) {
    return (
      <>
        <PageHeader title={SETTINGS_ITEMS[module].title} />
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="config-form">
          <Typography color="text.secondary">{CONFIG_TEXTS.nothingAvailable}</Typography>
        </Paper>
      </>
    );
  }

  return (
    <>
      <PageHeader title={SETTINGS_ITEMS[module].title} subtitle={view?.description} />
      {catalogue.isPending && <ContentLoader />}
      {catalogue.isError && <Alert severity="error">{CONFIG_TEXTS.readFailed}</Alert>}
      {view && <ConfigForm key={module} groupId={groupId} module={view} />}
    </>
  );
}
