export * from './constants.ts';
export * from './mos.ts';
export * from './schemas.ts';
export * from './browser-support.ts';
export * from './call-quality.ts';
export * from './call-status.ts';
export * from './sample-fast-path.ts';
