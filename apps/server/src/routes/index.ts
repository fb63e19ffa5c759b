import type { AppContext } from '../app-context.ts';
import { healthRoutes } from './health.ts';
import { authRoutes } from './auth.ts';
import { userRoutes } from './users.ts';
import { groupRoutes } from './groups.ts';
import { teammateRoutes } from './teammates.ts';
import { customerRoutes } from './customers.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { eventBridgeRoutes } from './eventbridge.ts';
import { networkLabelRoutes } from './network-labels.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { publicRoutes } from './public.ts';
import { configRoutes } from './config.ts';
import { heartbeatTaggingRoutes } from './heartbeat-tagging.ts';
import { ingestRoutes } from './ingest.ts';
import { probeRoutes } from './probes.ts';
import { canvasRoutes } from './canvas.ts';
import { canvasImportRoutes } from './canvas-imports.ts';
import { viscallRoutes } from './viscall.ts';
import { callRoutes } from './calls.ts';
import { workflowRoutes } from './workflows.ts';
import { journeyRoutes } from './journeys.ts';
import { copilotRoutes } from './copilot.ts';
import { aiSummaryRoutes } from './ai-summary.ts';
import { helpRoutes } from './help.ts';
import { campaignRoutes } from './campaigns.ts';
import { twilioCallbackRoutes } from './twilio-callbacks.ts';
import { syntheticRoutes } from './synthetic.ts';
import { billingRoutes } from './billing.ts';
import { marketplaceRoutes } from './marketplace.ts';

/** Every route module, registered in this order. Add one line per new module. */
export const ROUTE_MODULES: ((ctx: AppContext) => Promise<void>)[] = [
  healthRoutes,
  authRoutes,
  userRoutes,
  groupRoutes,
  teammateRoutes,
  customerRoutes,
  apiKeyRoutes,
  eventBridgeRoutes,
  networkLabelRoutes,
  subscriptionRoutes,
  publicRoutes,
  configRoutes,
  heartbeatTaggingRoutes,
  ingestRoutes,
  viscallRoutes,
  callRoutes,
  workflowRoutes,
  journeyRoutes,
  copilotRoutes,
  aiSummaryRoutes,
  helpRoutes,
  campaignRoutes,
  twilioCallbackRoutes,
  syntheticRoutes,
  probeRoutes,
  canvasRoutes,
  canvasImportRoutes,
  billingRoutes,
  marketplaceRoutes,
];
