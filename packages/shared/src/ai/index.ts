export * from './constants.ts';
export * from './schemas.ts';
export * from './query.ts';
export * from './time-words.ts';
export * from './intent.ts';
export * from './answer.ts';
export * from './journey-summary.ts';
