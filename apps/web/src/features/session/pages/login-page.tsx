import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import VisibilityOffRoundedIcon from '@mui/icons-material/VisibilityOffRounded';
import VisibilityRoundedIcon from '@mui/icons-material/VisibilityRounded';
import GraphicEqRoundedIcon from '@mui/icons-material/GraphicEqRounded';
import NotificationsActiveRoundedIcon from '@mui/icons-material/NotificationsActiveRounded';
import ScienceRoundedIcon from '@mui/icons-material/ScienceRounded';
import { AUTH_TEXTS, ERROR_CODES, LoginInputSchema, landingPath } from '@callsight/shared';
import { login } from '../api/login.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { getSession, setSession } from '../../../lib/session.ts';
import {
  clearLoginNotice,
  clearRedirectUrl,
  readLoginNotice,
  readRedirectUrl,
} from '../../../lib/storage.ts';
import { useConfirm } from '../../../components/confirm-dialog/index.ts';
import { useDocumentTitle } from '../../../components/page-header/index.ts';
import { Logo } from '../../../components/brand/index.ts';
import { DemoAccountsNote } from '../components/demo-accounts-note.tsx';

type LoginForm = typeof LoginInputSchema;

const HIGHLIGHTS = [
  { icon: GraphicEqRoundedIcon, text: 'MOS, jitter, packet loss and latency for every call' },
  {
    icon: NotificationsActiveRoundedIcon,
    text: 'Softphone alerts and workflows that act on call issues',
  },
  { icon: ScienceRoundedIcon, text: 'Heartbeat tests and simulated call campaigns' },
];

/** Sign-in with e-mail and password (spec 000 §4 and §8). */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [notice] = useState(readLoginNotice);
  const [formError, setFormError] = useState<string | null>(null);
  const [showPassword, setShowPassword] = useState(false);
  const [alreadySignedIn] = useState(() => getSession());

  useEffect(() => clearLoginNotice(), []);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.input<LoginForm>, unknown, z.output<LoginForm>>({
    resolver: zodResolver(LoginInputSchema),
    defaultValues: { email: '', password: '' },
  });

  if (alreadySignedIn) {
    return (
      <Navigate
        to={landingPath(alreadySignedIn.claims.permissions, alreadySignedIn.claims.groupId, null)}
        replace
      />
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const token = await login(values);
      setSession(token);
      const target = landingPath(token.claims.permissions, token.claims.groupId, readRedirectUrl());
      clearRedirectUrl();
      await navigate(target, { replace: true });
    } catch (err) {
      if (isApiError(err) && err.status === 401) {
        // Not awaited: the form is usable again while the dialog is open.
        void confirm({
          title: AUTH_TEXTS.loginErrorTitle,
          message: AUTH_TEXTS.loginErrorMessage,
          cancelText: null,
        });
      } else if (isApiError(err, ERROR_CODES.rateLimited)) {
        setFormError(err.message);
      } else {
        setFormError(err instanceof Error ? err.message : 'Sign-in failed. Please try again.');
      }
    }
  });

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <Box
        sx={{
          display: { xs: 'none', md: 'flex' },
          flex: '0 0 44%',
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: '#e2e8f0',
          background: 'radial-gradient(circle at 20% 0%, #1e3a8a 0%, #0b1730 55%, #071022 100%)',
        }}
      >
        <Logo size={36} color="#fff" />
        <Box sx={{ maxWidth: 440 }}>
          <Typography
            variant="h3"
            component="p"
            sx={{ color: '#fff', fontWeight: 700, mb: 2, lineHeight: 1.15 }}
          >
            Every call, measured.
          </Typography>
          <Typography sx={{ color: '#94a3b8', mb: 4 }}>
            Self-hosted call-quality monitoring for cloud contact centres.
          </Typography>
          <Stack spacing={2}>
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <Stack key={text} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                <Box
                  sx={{
                    width: 36,
                    height: 36,
                    borderRadius: 2,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: 'rgba(94, 234, 212, 0.12)',
                    color: '#5eead4',
                  }}
                >
                  <Icon fontSize="small" />
                </Box>
                <Typography variant="body2" sx={{ color: '#cbd5e1' }}>
                  {text}
                </Typography>
              </Stack>
            ))}
          </Stack>
        </Box>
        <Typography variant="caption" sx={{ color: '#64748b' }}>
          © {new Date().getFullYear()} Callsight
        </Typography>
      </Box>

      <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', p: { xs: 2, sm: 4 } }}>
        <Paper
          component="form"
          noValidate
          onSubmit={onSubmit}
          elevation={0}
          sx={{
            width: '100%',
            maxWidth: 420,
            p: { xs: 3, sm: 5 },
            border: 1,
            borderColor: 'divider',
          }}
          aria-labelledby="login-title"
        >
          <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 3 }}>
            <Logo size={32} />
          </Box>
          <Typography id="login-title" variant="h5" component="h1" sx={{ fontWeight: 700 }}>
            Sign in to Callsight
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
            Use the e-mail address and password of your Callsight account.
          </Typography>

          <Stack spacing={2.5}>
            {notice && (
              <Alert severity="warning" data-testid="login-notice">
                {notice}
              </Alert>
            )}
            {formError && (
              <Alert severity="error" data-testid="login-error">
                {formError}
              </Alert>
            )}
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              autoFocus
              fullWidth
              {...register('email')}
              error={Boolean(errors.email)}
              helperText={errors.email?.message}
            />
            <TextField
              label="Password"
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              fullWidth
              {...register('password')}
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
              slotProps={{
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        aria-label={showPassword ? 'Hide password' : 'Show password'}
                        onClick={() => setShowPassword((v) => !v)}
                        edge="end"
                        size="small"
                      >
                        {showPassword ? <VisibilityOffRoundedIcon /> : <VisibilityRoundedIcon />}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting}
              startIcon={isSubmitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {isSubmitting ? 'Signing in…' : 'Sign in'}
            </Button>
            <DemoAccountsNote />
          </Stack>
        </Paper>
      </Box>
    </Box>
  );
}
