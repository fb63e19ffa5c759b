import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Fade from '@mui/material/Fade';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import { SHELL } from '@callsight/shared';
import { HelpDrawer } from './help-drawer.tsx';
import { helpPageOfPath } from './help-pages.ts';

/** A chat widget in the style of Help Scout's Beacon: `Beacon('article', id, options)`. */
type HelpWidget = (
  command: 'article',
  articleId: string,
  options?: { type?: 'sidebar' | 'modal' },
) => void;

declare global {
  interface Window {
    Beacon?: HelpWidget;
  }
}

/** The outside chat widget, when one is configured (loaded on the page). */
const chatWidget = (): HelpWidget | null =>
  typeof window.Beacon === 'function' ? window.Beacon : null;

/**
 * Opens a help article in the chat widget (spec 000 §2.4). Answers false, after logging an
 * error, when no widget is loaded.
 */
export function openHelpArticle(articleId: string): boolean {
  const widget = chatWidget();
  if (!widget) {
    console.error(`Help widget is not loaded; cannot open help article "${articleId}"`);
    return false;
  }
  widget('article', articleId, { type: 'sidebar' });
  return true;
}

interface HelpButtonProps {
  /**
   * The chat widget's article of the current page, or null where it has none: the button shows
   * only where there is one (spec 000 §2.4: the dashboard pages and the explorer).
   */
  articleId: string | null;
  /** The current path (location.pathname): it names our own article, and each change re-shows the button. */
  routeKey: string;
}

type Phase = 'visible' | 'hidden';

/** Width of the tab: it sits in the content's right padding (32 px from md up), over nothing. */
const TAB_WIDTH = 28;

/**
 * Floating help button: shown 500 ms after each route change on the dashboard pages and the
 * explorer, fades out (500 ms) after 30 s (spec 000 §9). It is a narrow tab on the right edge, so
 * that it never covers a table's last row or its page arrows. A click opens the page's article in
 * the outside chat widget when one is configured, else our own article (docs/help) in a drawer,
 * whose links lead to the articles of the other pages.
 */
export function HelpButton({ articleId, routeKey }: HelpButtonProps) {
  const [phase, setPhase] = useState<Phase>('hidden');
  const [shown, setShown] = useState<{ article: string | null; page: string | null }>({
    article: null,
    page: null,
  });
  const [drawerPage, setDrawerPage] = useState<string | null>(null);
  const current = { article: articleId, page: helpPageOfPath(routeKey) };
  const currentRef = useRef(current);
  useEffect(() => {
    currentRef.current = current;
  });

  useEffect(() => {
    setPhase('hidden');
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const showTimer = setTimeout(() => {
      const next = currentRef.current;
      // Only the pages the spec names (the dashboards and the explorer) declare an article.
      if (!next.article) return;
      setShown(next);
      setPhase('visible');
      hideTimer = setTimeout(() => setPhase('hidden'), SHELL.helpButtonAutoHideMs);
    }, SHELL.helpButtonReevaluateMs);
    return () => {
      clearTimeout(showTimer);
      if (hideTimer) clearTimeout(hideTimer);
    };
  }, [routeKey]);

  const open = () => {
    if (shown.article && chatWidget()) {
      openHelpArticle(shown.article);
      return;
    }
    if (shown.page) setDrawerPage(shown.page);
    else if (shown.article) openHelpArticle(shown.article);
  };

  return (
    <>
      <Fade in={phase === 'visible'} timeout={SHELL.helpButtonFadeMs} unmountOnExit>
        <Box
          sx={{
            position: 'fixed',
            right: 0,
            bottom: 112,
            zIndex: (theme) => theme.zIndex.speedDial,
          }}
        >
          <Tooltip title="Help for this page" placement="left">
            <ButtonBase
              aria-label="Help"
              data-testid="help-button"
              onClick={open}
              sx={{
                width: TAB_WIDTH,
                py: 1.25,
                flexDirection: 'column',
                gap: 0.75,
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                borderRadius: '8px 0 0 8px',
                boxShadow: 3,
                fontSize: 12,
                fontWeight: 600,
                letterSpacing: 0.4,
                '&:hover': { bgcolor: 'primary.dark' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.light' },
              }}
            >
              <HelpOutlineRoundedIcon sx={{ fontSize: 18 }} />
              <span style={{ writingMode: 'vertical-rl', transform: 'rotate(180deg)' }}>Help</span>
            </ButtonBase>
          </Tooltip>
        </Box>
      </Fade>
      <HelpDrawer
        page={drawerPage}
        onClose={() => setDrawerPage(null)}
        onOpenPage={setDrawerPage}
      />
    </>
  );
}
