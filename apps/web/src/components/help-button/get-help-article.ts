import { queryOptions, useQuery } from '@tanstack/react-query';
import { HelpArticleSchema, type HelpArticle } from '@callsight/shared/help/schemas';
import { apiRequest } from '../../lib/api-client.ts';

/** GET /api/help?page=: our own help article of a page (docs/help), in Markdown. */
export function getHelpArticle(page: string, signal?: AbortSignal): Promise<HelpArticle> {
  return apiRequest('/help', { schema: HelpArticleSchema, query: { page }, signal });
}

export const getHelpArticleQueryOptions = (page: string) =>
  queryOptions({
    queryKey: ['help-article', page],
    queryFn: ({ signal }) => getHelpArticle(page, signal),
    // Articles change only with a release.
    staleTime: Infinity,
    retry: (count, error) => !('status' in error && error.status === 404) && count < 2,
  });

/** The article of `page` once the drawer asks for it (null: nothing to load). */
export function useHelpArticle(page: string | null) {
  return useQuery({ ...getHelpArticleQueryOptions(page ?? ''), enabled: page !== null });
}
