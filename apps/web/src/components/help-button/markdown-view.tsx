import { Fragment, useMemo, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { parseMarkdown, type MdBlock, type MdInline } from './markdown.ts';

interface MarkdownViewProps {
  markdown: string;
  /** Opens another help article (a link to `page.md`). */
  onOpenPage: (page: string) => void;
}

const codeSx = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.85em',
  bgcolor: 'action.hover',
  borderRadius: 0.5,
  px: 0.5,
} as const;

function inlines(spans: readonly MdInline[], onOpenPage: (page: string) => void): ReactNode[] {
  return spans.map((span, i) => {
    switch (span.kind) {
      case 'text':
        return <Fragment key={i}>{span.text}</Fragment>;
      case 'code':
        return (
          <Box key={i} component="code" sx={codeSx}>
            {span.text}
          </Box>
        );
      case 'strong':
        return <strong key={i}>{inlines(span.children, onOpenPage)}</strong>;
      case 'em':
        return <em key={i}>{inlines(span.children, onOpenPage)}</em>;
      case 'link':
        return (
          <Link key={i} href={span.href} target="_blank" rel="noopener noreferrer">
            {inlines(span.children, onOpenPage)}
          </Link>
        );
      case 'help':
        return (
          <Link
            key={i}
            component="button"
            type="button"
            sx={{ verticalAlign: 'baseline', font: 'inherit' }}
            onClick={() => onOpenPage(span.page)}
          >
            {inlines(span.children, onOpenPage)}
          </Link>
        );
    }
    return null;
  });
}

const HEADING_VARIANTS = { 2: 'h6', 3: 'subtitle1', 4: 'subtitle2' } as const;

function block(b: MdBlock, key: number, onOpenPage: (page: string) => void): ReactNode {
  switch (b.kind) {
    case 'heading':
      return (
        <Typography
          key={key}
          variant={HEADING_VARIANTS[b.level]}
          component={`h${b.level + 1}` as 'h3' | 'h4' | 'h5'}
          sx={{ mt: 2.5, mb: 1, fontWeight: 600 }}
        >
          {inlines(b.children, onOpenPage)}
        </Typography>
      );
    case 'paragraph':
      return (
        <Typography key={key} variant="body2" sx={{ mb: 1.5 }}>
          {inlines(b.children, onOpenPage)}
        </Typography>
      );
    case 'list':
      return (
        <Box
          key={key}
          component={b.ordered ? 'ol' : 'ul'}
          sx={{ pl: 3, mt: 0, mb: 1.5, '& li': { mb: 0.5 } }}
        >
          {b.items.map((item, i) => (
            <Typography key={i} component="li" variant="body2">
              {inlines(item, onOpenPage)}
            </Typography>
          ))}
        </Box>
      );
    case 'quote':
      return (
        <Typography
          key={key}
          variant="body2"
          component="blockquote"
          sx={{
            m: 0,
            mb: 1.5,
            pl: 1.5,
            borderLeft: 3,
            borderColor: 'primary.light',
            color: 'text.secondary',
          }}
        >
          {inlines(b.children, onOpenPage)}
        </Typography>
      );
    case 'code':
      return (
        <Box
          key={key}
          component="pre"
          sx={{ ...codeSx, p: 1.5, mb: 1.5, overflowX: 'auto', whiteSpace: 'pre' }}
        >
          {b.text}
        </Box>
      );
  }
  return null;
}

/** A help article's Markdown as React elements (never as HTML): see markdown.ts for the subset. */
export function MarkdownView({ markdown, onOpenPage }: MarkdownViewProps) {
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  return <Box data-testid="help-article-body">{blocks.map((b, i) => block(b, i, onOpenPage))}</Box>;
}
