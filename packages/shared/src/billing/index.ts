export * from './metering.ts';
export * from './schemas.ts';
export * from './texts.ts';
export * from './labels.ts';
