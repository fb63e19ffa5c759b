export { createCollector, COLLECTOR_DEFAULTS } from './collector.ts';
export {
  attachToAmazonConnect,
  contactAttributes,
  softphonePeerConnection,
  type AmazonConnectAttachment,
  type AmazonConnectLike,
  type AmazonConnectOptions,
  type ConnectAgentLike,
  type ConnectAttributeLike,
  type ConnectContactLike,
  type ConnectConnectionLike,
} from './amazon-connect.ts';
export { CALL_DETAIL_LIMITS } from './call-details.ts';
export { CPU_AVAILABLE_BY_PRESSURE } from './cpu.ts';
export { deriveSecond, type DerivedSecond, type DirectionSecond } from './stats/derive-second.ts';
export {
  readStats,
  type StatsEntry,
  type StatsSnapshot,
  type StatsSource,
} from './stats/read-stats.ts';
export { CODEC_IMPAIRMENTS } from '@callsight/shared/telemetry/mos';
export type * from './types.ts';
export {
  agentSocketUrl,
  onAgentAlert,
  type AgentAlert,
  type AgentAlertOptions,
  type WebSocketConstructor,
} from './agent-alerts.ts';
