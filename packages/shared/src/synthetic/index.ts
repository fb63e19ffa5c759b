export * from './constants.ts';
export * from './logic.ts';
export * from './schemas.ts';
export * from './probe-schemas.ts';
export * from './region-health.ts';
