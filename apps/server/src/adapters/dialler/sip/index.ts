/** The built-in SIP signalling core (RFC 3261 over UDP) used by the campaign dialler. */
export * from './message.ts';
export * from './digest.ts';
export * from './sdp.ts';
export { SipUdpTransport, rateLimitedLog, type RemoteAddress, type SipLog } from './transport.ts';
export {
  DEFAULT_TIMERS,
  InviteClientTransaction,
  NonInviteClientTransaction,
  type ClientTransaction,
  type ClientTransactionUser,
  type TimerConfig,
} from './client-transaction.ts';
export { ServerTransaction } from './server-transaction.ts';
export { SipStack, type DialogHandler, type SipStackOptions } from './stack.ts';
export {
  SipCall,
  placeCall,
  type CallEvent,
  type CallEventType,
  type CallOptions,
  type CallOutcome,
  type CallResult,
} from './uac.ts';
