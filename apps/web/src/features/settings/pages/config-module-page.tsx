import { useEffect } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { CONFIG_TEXTS, type ModuleKey } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
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
  const catalogue = useConfigCatalogue(groupId, module);
  const snackbar = useSnackbar();
  const view = catalogue.data?.modules.find((m) => m.key === module);

  useEffect(() => {
    if (catalogue.isError) snackbar.show(CONFIG_TEXTS.retrieveError, 'error');
  }, [catalogue.isError, snackbar]);

  return (
    <>
      <PageHeader title={SETTINGS_ITEMS[module].title} subtitle={view?.description} />
      {catalogue.isPending && <ContentLoader />}
      {catalogue.isError && <Alert severity="error">{CONFIG_TEXTS.readFailed}</Alert>}
      {view && <ConfigForm key={module} groupId={groupId} module={view} />}
    </>
  );
}
