export * from './metering.ts';
export * from './schemas.ts';
export * from './texts.ts';
