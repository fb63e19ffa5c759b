export * from './constants.ts';
export * from './validation.ts';
export * from './schemas.ts';
export * from './evaluate.ts';
