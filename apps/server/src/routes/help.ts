import { ACCESS, ApiErrorSchema } from '@callsight/shared';
import { HelpArticleQuerySchema, HelpArticleSchema } from '@callsight/shared/help/schemas';
import type { AppContext } from '../app-context.ts';
import { readHelpArticle } from '../services/help/help-articles.ts';

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  404: ApiErrorSchema,
};

/**
 * Our own help articles (docs/help), which the help button opens in a drawer when no outside
 * chat widget is configured (spec 000 §2.4; decisions.md). Every member of a group may read them.
 */
export async function helpRoutes({ app, authorize }: AppContext) {
  app.get('/api/help', {
    schema: {
      tags: ['help'],
      summary: 'The help article of a page of the app, in Markdown',
      querystring: HelpArticleQuerySchema,
      response: { 200: HelpArticleSchema, ...errors },
    },
    onRequest: authorize(ACCESS.anyMember),
    handler: (request) => readHelpArticle(request.query.page),
  });
}
