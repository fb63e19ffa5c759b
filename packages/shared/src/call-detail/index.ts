export * from './constants.ts';
export * from './schemas.ts';
export * from './sip-responses.ts';
export * from './rtc-stats.ts';
