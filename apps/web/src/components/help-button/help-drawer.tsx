import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import { HELP_PAGES, HELP_TEXTS, isHelpPage } from '@callsight/shared/help/schemas';
import { isApiError } from '../../lib/api-client.ts';
import { useHelpArticle } from './get-help-article.ts';
import { MarkdownView } from './markdown-view.tsx';

interface HelpDrawerProps {
  /** The article shown; null closes the drawer. */
  page: string | null;
  onClose: () => void;
  onOpenPage: (page: string) => void;
}

const TITLE_ID = 'help-drawer-title';

/** Our own help article of a page (docs/help, served by GET /api/help) in a drawer on the right. */
export function HelpDrawer({ page, onClose, onOpenPage }: HelpDrawerProps) {
  const article = useHelpArticle(page);
  const fallbackTitle = page && isHelpPage(page) ? HELP_PAGES[page] : 'Help';
  const others = Object.entries(HELP_PAGES).filter(([name]) => name !== page);

  return (
    <Drawer
      anchor="right"
      open={page !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100vw', sm: 440 } },
          role: 'dialog',
          'aria-labelledby': TITLE_ID,
        },
      }}
    >
      <Box
        data-testid="help-drawer"
        sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      >
        <Stack
          direction="row"
          sx={{ alignItems: 'center', px: 2.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary" sx={{ lineHeight: 1.5 }}>
              Help
            </Typography>
            <Typography id={TITLE_ID} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
              {article.data?.title ?? fallbackTitle}
            </Typography>
          </Box>
          <IconButton aria-label="Close help" onClick={onClose} edge="end">
            <CloseRoundedIcon />
          </IconButton>
        </Stack>
        <Box sx={{ px: 2.5, py: 2, overflowY: 'auto', flex: 1 }}>
          {article.isPending && page !== null && (
            <Box data-testid="help-article-loading">
              <Skeleton width="90%" />
              <Skeleton width="75%" />
              <Skeleton width="85%" />
            </Box>
          )}
          {article.isError && (
            <Alert severity="error">
              {isApiError(article.error) && article.error.status === 404
                ? HELP_TEXTS.notFound
                : HELP_TEXTS.loadFailed}
            </Alert>
          )}
          {article.data && (
            <MarkdownView markdown={article.data.markdown} onOpenPage={onOpenPage} />
          )}
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
            Other help topics
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, columns: 2, columnGap: 2 }}>
            {others.map(([name, title]) => (
              <Box component="li" key={name} sx={{ mb: 0.75 }}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  sx={{ textAlign: 'left' }}
                  onClick={() => onOpenPage(name)}
                >
                  {title}
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      </Box>
    </Drawer>
  );
}
