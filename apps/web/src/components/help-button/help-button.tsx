import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Fab from '@mui/material/Fab';
import Fade from '@mui/material/Fade';
import Tooltip from '@mui/material/Tooltip';
import HelpOutlineRoundedIcon from '@mui/icons-material/HelpOutlineRounded';
import { SHELL } from '@callsight/shared';

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

/** Opens a help article in the chat widget; without a widget only an error is logged (spec 000 §2.4). */
export function openHelpArticle(articleId: string): void {
  const widget = window.Beacon;
  if (typeof widget !== 'function') {
    console.error(`Help widget is not loaded; cannot open help article "${articleId}"`);
    return;
  }
  widget('article', articleId, { type: 'sidebar' });
}

interface HelpButtonProps {
  /** The article of the current page, or null where no help button belongs. */
  articleId: string | null;
  /** Changes on every route change (the location key or path). */
  routeKey: string;
}

type Phase = 'visible' | 'hidden';

/**
 * Floating help button: shown 500 ms after each route change on pages with an article,
 * fades out (500 ms) after 30 s (spec 000 §9).
 */
export function HelpButton({ articleId, routeKey }: HelpButtonProps) {
  const [phase, setPhase] = useState<Phase>('hidden');
  const [shownArticle, setShownArticle] = useState<string | null>(null);
  const articleRef = useRef(articleId);
  useEffect(() => {
    articleRef.current = articleId;
  });

  useEffect(() => {
    setPhase('hidden');
    let hideTimer: ReturnType<typeof setTimeout> | undefined;
    const showTimer = setTimeout(() => {
      const article = articleRef.current;
      if (!article) return;
      setShownArticle(article);
      setPhase('visible');
      hideTimer = setTimeout(() => setPhase('hidden'), SHELL.helpButtonAutoHideMs);
    }, SHELL.helpButtonReevaluateMs);
    return () => {
      clearTimeout(showTimer);
      if (hideTimer) clearTimeout(hideTimer);
    };
  }, [routeKey]);

  return (
    <Fade in={phase === 'visible'} timeout={SHELL.helpButtonFadeMs} unmountOnExit>
      <Box
        sx={{ position: 'fixed', right: 24, bottom: 24, zIndex: (theme) => theme.zIndex.speedDial }}
      >
        <Tooltip title="Help for this page" placement="left">
          <Fab
            color="primary"
            aria-label="Help"
            data-testid="help-button"
            onClick={() => shownArticle && openHelpArticle(shownArticle)}
          >
            <HelpOutlineRoundedIcon />
          </Fab>
        </Tooltip>
      </Box>
    </Fade>
  );
}
