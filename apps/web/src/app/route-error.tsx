import { isRouteErrorResponse, useRouteError } from 'react-router';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { PublicPage } from '../components/public-page/index.ts';

/** Last-resort screen for an error thrown while rendering a route. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : 'Unknown error';
  return (
    <PublicPage title="Something went wrong">
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        The page could not be shown. Reloading usually helps.
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 3 }}>
        {detail}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </PublicPage>
  );
}
