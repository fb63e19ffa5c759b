export * from './constants.ts';
export * from './filters.ts';
export * from './zoned-time.ts';
export * from './schemas.ts';
export * from './quality.ts';
export * from './format.ts';
