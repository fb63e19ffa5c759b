import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import MarkEmailReadRoundedIcon from '@mui/icons-material/MarkEmailReadRounded';
import { SUBSCRIPTION_TEXTS } from '@callsight/shared';
import { PublicPage } from '../../../components/public-page/index.ts';
import { paths } from '../../../lib/paths.ts';

/** /activated: the account is active; instructions arrive by e-mail (spec 000 §2.2). */
export function ActivatedPage() {
  return (
    <PublicPage
      title={SUBSCRIPTION_TEXTS.activatedTitle}
      icon={<MarkEmailReadRoundedIcon color="primary" sx={{ fontSize: 56 }} />}
    >
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your account is ready. You will receive an e-mail with instructions on how to sign in and
        get started.
      </Typography>
      <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
        Go to sign in
      </Button>
    </PublicPage>
  );
}
