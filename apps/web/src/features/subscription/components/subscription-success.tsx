import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import CheckCircleRoundedIcon from '@mui/icons-material/CheckCircleRounded';
import { SUBSCRIPTION_TEXTS } from '@callsight/shared';
import { PublicPage } from '../../../components/public-page/index.ts';
import { paths } from '../../../lib/paths.ts';

/** The "Subscription has been successful!" card (spec 000 §2.2). */
export function SubscriptionSuccess({ details }: { details?: ReactNode }) {
  return (
    <PublicPage
      title={SUBSCRIPTION_TEXTS.success}
      icon={<CheckCircleRoundedIcon color="success" sx={{ fontSize: 56 }} />}
    >
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Thank you for subscribing. You will receive an e-mail with the details of your account
        shortly.
      </Typography>
      {details}
      <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
        Go to sign in
      </Button>
    </PublicPage>
  );
}
