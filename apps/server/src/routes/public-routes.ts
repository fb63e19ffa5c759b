/**
 * The API routes anyone may call without signing in (`METHOD /path`). Every other route
 * authenticates in onRequest; the route guard refuses to start otherwise, and the
 * anonymous-access test walks the OpenAPI document against this list.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/public/settings',
  'POST /api/auth/login',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/users/demo-accounts',
  'POST /api/subscription',
  'POST /api/subscription/',
  // Twilio's callbacks: authenticated by X-Twilio-Signature with the placing account's token.
  'POST /api/dialler/twilio/status/:key',
  'POST /api/dialler/twilio/recording/:key',
  // The embedded dashboards: authenticated by a guest token (POST /api/dataRoles/…/token/…).
  'GET /api/embed/dashboards/:dashboardId',
  'POST /api/embed/dashboards/:dashboardId/charts/:chartId/data',
  'GET /api/embed/dashboards/:dashboardId/calls/:contactId',
]);
