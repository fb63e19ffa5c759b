import { useEffect } from 'react';
import { NavLink, Outlet, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import { CONFIG_TEXTS } from '@callsight/shared';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useConfigModules } from '../api/get-config-modules.ts';
import { settingsHref, visibleSections } from '../settings-menu.ts';

/** /configs: the settings area, a secondary sidebar of the group's modules beside the item shown. */
export function SettingsLayout() {
  const { groupId = '' } = useParams();
  const modules = useConfigModules(groupId);
  const snackbar = useSnackbar();

  useEffect(() => {
    if (modules.isError) snackbar.show(CONFIG_TEXTS.retrieveError, 'error');
  }, [modules.isError, snackbar]);

  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 3,
        alignItems: 'flex-start',
      }}
    >
      <Paper
        component="nav"
        aria-label="Settings"
        variant="outlined"
        data-testid="settings-sidebar"
        sx={{
          width: { xs: '100%', md: 240 },
          flexShrink: 0,
          position: { md: 'sticky' },
          top: { md: 16 },
          py: 1,
        }}
      >
        {modules.isPending && <ContentLoader />}
        {modules.isError && (
          <Alert severity="error" sx={{ m: 1 }}>
            {CONFIG_TEXTS.readFailed}
          </Alert>
        )}
        {modules.data &&
          visibleSections(modules.data.modules).map((section) => (
            <List
              key={section.title}
              dense
              disablePadding
              aria-label={section.title}
              subheader={
                <ListSubheader
                  disableSticky
                  sx={{
                    lineHeight: '32px',
                    fontWeight: 700,
                    textTransform: 'uppercase',
                    fontSize: 12,
                    letterSpacing: 0.6,
                  }}
                >
                  {section.title}
                </ListSubheader>
              }
              sx={{ mb: 1 }}
            >
              {section.items.map((item) => (
                <ListItemButton
                  key={item.module}
                  component={NavLink}
                  to={settingsHref(groupId, item)}
                  end
                  sx={{
                    mx: 1,
                    borderRadius: 1,
                    '&.active': {
                      bgcolor: 'action.selected',
                      color: 'primary.main',
                      fontWeight: 600,
                    },
                  }}
                >
                  <ListItemText primary={item.title} />
                </ListItemButton>
              ))}
            </List>
          ))}
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Outlet />
      </Box>
    </Box>
  );
}
