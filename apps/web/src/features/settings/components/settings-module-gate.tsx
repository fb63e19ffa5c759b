import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import { CONFIG_TEXTS, type ModuleKey } from '@callsight/shared';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useConfigModules } from '../api/get-config-modules.ts';
import { SETTINGS_ITEMS } from '../settings-menu.ts';

/** Shows a settings item only when the group's module list has its key (spec 000 §2.5). */
export function SettingsModuleGate({
  module,
  children,
}: {
  module: ModuleKey;
  children: ReactNode;
}) {
  const { groupId = '' } = useParams();
  const modules = useConfigModules(groupId);
  if (modules.isPending) return <ContentLoader />;
  // The layout reports a failed load; the item stays hidden.
  if (modules.isError) return null;
  if (!modules.data.modules.includes(module)) {
    return (
      <Alert severity="info" data-testid="settings-unavailable">
        {CONFIG_TEXTS.moduleUnavailable(SETTINGS_ITEMS[module].title)}
      </Alert>
    );
  }
  return children;
}
