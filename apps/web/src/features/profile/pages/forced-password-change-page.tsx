import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ACCOUNT_TEXTS } from '@callsight/shared';
import { Logo } from '../../../components/brand/index.ts';
import { useDocumentTitle } from '../../../components/page-header/index.ts';
import { ChangePasswordForm } from '../components/change-password-form.tsx';

/**
 * Shown instead of the app while the account must change its password (the super user's
 * generated one): the API refuses everything else until then.
 */
export function ForcedPasswordChangePage({
  email,
  onChanged,
  onSignOut,
}: {
  email: string;
  onChanged: () => Promise<void>;
  onSignOut: () => void;
}) {
  useDocumentTitle('Choose your password');
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: { xs: 2, sm: 4 },
        bgcolor: 'background.default',
      }}
    >
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 460,
          p: { xs: 3, sm: 5 },
          border: 1,
          borderColor: 'divider',
        }}
        data-testid="forced-password-change"
      >
        <Box sx={{ mb: 3 }}>
          <Logo size={32} />
        </Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          Choose your password
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1 }}>
          {ACCOUNT_TEXTS.forcedChangeIntro}
        </Typography>
        <Typography variant="body2" sx={{ mb: 3 }}>
          Signed in as <strong>{email}</strong>
        </Typography>
        <ChangePasswordForm onChanged={onChanged} submitLabel="Save and continue" />
        <Button color="inherit" size="small" onClick={onSignOut} sx={{ mt: 2 }}>
          Sign out
        </Button>
      </Paper>
    </Box>
  );
}
