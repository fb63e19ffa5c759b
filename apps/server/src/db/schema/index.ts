export * from './tenancy.ts';
export * from './users.ts';
export * from './audit.ts';
export * from './integrations.ts';
export * from './telemetry.ts';
export * from './journeys.ts';
export * from './ai.ts';
export * from './workflows.ts';
