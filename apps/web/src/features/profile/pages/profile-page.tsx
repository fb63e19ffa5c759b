import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ACCOUNT_TEXTS, groupInitials, type Profile } from '@callsight/shared';
import { PageHeader } from '../../../components/page-header/index.ts';
import { ContentLoader } from '../../../components/full-page-loader/index.ts';
import { useSnackbar } from '../../../components/snackbar/index.ts';
import { useProfile } from '../api/get-profile.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

/** /profile: the user's picture, name and e-mail, read-only (spec 001), and a password change. */
export function ProfilePage() {
  const profile = useProfile();
  const snackbar = useSnackbar();
  return (
    <Box>
      <PageHeader title="Profile" subtitle="Your account as Callsight knows it." />
      {profile.isPending && <ContentLoader />}
      {profile.isError && (
        <Typography color="error" role="alert">
          {profile.error.message}
        </Typography>
      )}
      {profile.data && <ProfileCard profile={profile.data} />}
      <Paper
        variant="outlined"
        sx={{ p: { xs: 3, md: 4 }, maxWidth: 640, mt: 3 }}
        data-testid="change-password-card"
      >
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {ACCOUNT_TEXTS.changePasswordTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
          Changing your password signs you out everywhere else.
        </Typography>
        <ChangePasswordForm
          onChanged={() => snackbar.show(ACCOUNT_TEXTS.passwordChanged, 'success')}
        />
      </Paper>
    </Box>
  );
}

function ProfileCard({ profile }: { profile: Profile }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 3, md: 4 }, maxWidth: 640 }}
      data-testid="profile-card"
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={4}
        sx={{ alignItems: { sm: 'flex-start' } }}
      >
        <Avatar
          src={profile.picture ?? undefined}
          alt={profile.name}
          data-testid="profile-avatar"
          sx={{ width: 96, height: 96, fontSize: '2rem', fontWeight: 700, bgcolor: 'primary.main' }}
        >
          {groupInitials(profile.name)}
        </Avatar>
        <Stack spacing={2.5} sx={{ flex: 1 }}>
          <TextField
            label="Name"
            value={profile.name}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
          <TextField
            label="Email"
            value={profile.email}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
        </Stack>
      </Stack>
    </Paper>
  );
}
