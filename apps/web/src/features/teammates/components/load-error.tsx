import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { paths } from '../../../lib/paths.ts';

/** A teammate page's load failure, with the way back to the teammates list. */
export function LoadError({ groupId, message }: { groupId: string; message: string }) {
  return (
    <Alert
      severity="error"
      sx={{ maxWidth: 720 }}
      action={
        <Button
          color="inherit"
          size="small"
          component={RouterLink}
          to={paths.teammates.getHref(groupId)}
        >
          Back
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
