import { z } from 'zod';

/**
 * Our own help articles (docs/help/<page>.md), opened from the help button when no outside chat
 * widget is configured (spec 000 §2.4): the page name and the article's title.
 */
export const HELP_PAGES = {
  dashboard: 'Home and dashboards',
  explorer: 'Calls and Logs',
  'call-detail': 'Call detail',
  journeys: 'Journey Explorer',
  workflows: 'Workflows',
  history: 'History',
  settings: 'Group Settings',
  teammates: 'Teammates',
  groups: 'Groups',
  copilot: 'CX Copilot',
  campaigns: 'Simulate campaigns',
  usage: 'Usage, billing and extension coverage',
} as const;
export type HelpPage = keyof typeof HELP_PAGES;

/** Lower-case words joined by single hyphens: safe as a file name, never a path. */
export const HELP_PAGE_PATTERN = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

export const HELP_TEXTS = {
  pageInvalid: 'A help page name is lower-case words joined by hyphens',
  notFound: 'There is no help article for this page.',
  loadFailed: 'The help article could not be loaded.',
} as const;

export const HelpArticleQuerySchema = z.object({
  page: z.string().max(40).regex(HELP_PAGE_PATTERN, HELP_TEXTS.pageInvalid),
});

export const HelpArticleSchema = z.object({
  page: z.string(),
  title: z.string(),
  /** The article's body in Markdown, without its title heading. */
  markdown: z.string(),
});
export type HelpArticle = z.infer<typeof HelpArticleSchema>;

export const isHelpPage = (page: string): page is HelpPage => Object.hasOwn(HELP_PAGES, page);
