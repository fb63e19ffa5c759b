import { PublicSettingsSchema } from '@callsight/shared';
import type { AppContext } from '../app-context.ts';

/** Settings the pages outside sign-in need (the marketplace pages' contact e-mail). */
export async function publicRoutes({ app, config }: AppContext) {
  app.get('/api/public/settings', {
    schema: {
      tags: ['public'],
      summary: 'Public settings for the pages outside sign-in (no sign-in needed)',
      security: [],
      response: { 200: PublicSettingsSchema },
    },
    handler: () => ({ supportEmail: config.SUPPORT_EMAIL }),
  });
}
