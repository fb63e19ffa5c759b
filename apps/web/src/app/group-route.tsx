import { useMemo, useState, type ReactNode } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { landingPath, type Profile, type SessionToken } from '@callsight/shared';
import { renewSession, useSession } from '../lib/session.ts';
import { reloadPage } from '../lib/navigation.ts';
import { paths } from '../lib/paths.ts';
import { useGroup } from '../lib/groups/get-group.ts';
import { FullPageLoader } from '../components/full-page-loader/index.ts';
import { CrumbLabelsProvider } from '../components/breadcrumbs/index.ts';
import { useSnackbar } from '../components/snackbar/index.ts';
import { useProfile } from '../features/profile/api/get-profile.ts';
import { useSwitchGroup } from '../features/groups/api/switch-group.ts';
import { ForcedPasswordChangePage } from '../features/profile/pages/forced-password-change-page.tsx';
import { useLogout } from '../features/session/use-logout.ts';
import { ShellProvider, type ShellContext } from './access.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { LoginUnsuccessfulDialog } from './login-unsuccessful.tsx';
import { NotFoundNotice } from './not-found.tsx';

/** The text of the group switch confirmation (spec 000 §2.3). */
export const switchGroupMessage = (groupName: string) =>
  `You are about to access a page on Group '${groupName}'. Do you want to continue?`;

/**
 * The `/:groupId` route: checks the URL's group against the token's current group. Another
 * group of the user's asks to switch; an unknown id is a page not found (spec 000 §2.3).
 */
export function GroupRoute() {
  const { groupId = '' } = useParams();
  const session = useSession();
  const profile = useProfile();

  // Before anything else: the API refuses every other call until the password is changed.
  if (session?.mustChangePassword) return <PasswordChangeGate email={session.claims.email} />;
  if (!session || profile.isPending) return <FullPageLoader />;
  if (profile.isError)
    return (
      <BlankScreen>
        <LoginUnsuccessfulDialog />
      </BlankScreen>
    );

  const currentGroupId = session.claims.groupId;
  if (groupId !== currentGroupId) {
    const target = profile.data.groups.find((g) => g.id === groupId);
    return (
      <BlankScreen>
        {target ? (
          <SwitchGroupPrompt
            key={target.id}
            groupId={target.id}
            groupName={target.name}
            currentGroupId={currentGroupId}
          />
        ) : (
          <NotFoundNotice groupId={currentGroupId} />
        )}
      </BlankScreen>
    );
  }
  return <CurrentGroupShell profile={profile.data} session={session} />;
}

function CurrentGroupShell({ profile, session }: { profile: Profile; session: SessionToken }) {
  const { claims } = session;
  const group = useGroup(claims.groupId);
  const fromProfile = profile.groups.find((g) => g.id === claims.groupId);

  const value = useMemo<ShellContext | null>(() => {
    if (group.isPending) return null;
    // If the group itself cannot be read, the shell still works from the profile's data.
    const info = group.data ?? {
      id: claims.groupId,
      name: fromProfile?.name ?? 'Current group',
      region: fromProfile?.region ?? 'ap-southeast-2',
      heartbeatEnabled: false,
    };
    return {
      profile,
      group: {
        id: info.id,
        name: info.name,
        region: info.region,
        heartbeatEnabled: info.heartbeatEnabled,
      },
      access: {
        permissions: claims.permissions,
        features: claims.features,
        groupId: claims.groupId,
        heartbeatEnabled: info.heartbeatEnabled,
      },
    };
  }, [group.isPending, group.data, claims, fromProfile, profile]);

  if (!value) return <FullPageLoader />;
  return (
    <ShellProvider value={value}>
      <CrumbLabelsProvider>
        <AppLayout />
      </CrumbLabelsProvider>
    </ShellProvider>
  );
}

/** "Switch Group": OK switches and reloads at the same URL; Cancel goes to the current dashboard. */
function SwitchGroupPrompt({
  groupId,
  groupName,
  currentGroupId,
}: {
  groupId: string;
  groupName: string;
  currentGroupId: string;
}) {
  const navigate = useNavigate();
  const { show } = useSnackbar();
  const switchGroup = useSwitchGroup(() => reloadPage());
  const [cancelled, setCancelled] = useState(false);

  if (cancelled) return <Navigate to={paths.dashboard.getHref(currentGroupId)} replace />;

  const onOk = () =>
    switchGroup.mutate(groupId, {
      onError: (err) => {
        show(err.message, 'error');
        void navigate(paths.dashboard.getHref(currentGroupId), { replace: true });
      },
    });

  return (
    <Dialog
      open
      aria-labelledby="switch-group-title"
      aria-describedby="switch-group-message"
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id="switch-group-title">Switch Group</DialogTitle>
      <DialogContent>
        <DialogContentText id="switch-group-message">
          {switchGroupMessage(groupName)}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={() => setCancelled(true)} disabled={switchGroup.isPending}>
          Cancel
        </Button>
        <Button
          variant="contained"
          onClick={onOk}
          disabled={switchGroup.isPending}
          startIcon={
            switchGroup.isPending ? <CircularProgress size={16} color="inherit" /> : undefined
          }
          autoFocus
        >
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The forced password change; the renewed token no longer asks for it and the shell follows. */
function PasswordChangeGate({ email }: { email: string }) {
  const logout = useLogout();
  return (
    <ForcedPasswordChangePage
      email={email}
      onChanged={async () => {
        await renewSession();
      }}
      onSignOut={() => void logout()}
    />
  );
}

/** A plain background behind dialogs shown before the shell exists. */
function BlankScreen({ children }: { children: ReactNode }) {
  return <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>{children}</Box>;
}

/** `/`: the landing page of the signed-in user (spec 000 §2.2). */
export function LandingRedirect() {
  const session = useSession();
  if (!session) return <FullPageLoader />;
  return (
    <Navigate to={landingPath(session.claims.permissions, session.claims.groupId, null)} replace />
  );
}
