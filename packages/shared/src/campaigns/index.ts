export * from './constants.ts';
export * from './csv.ts';
export * from './logic.ts';
export * from './schemas.ts';
export * from './run-calls.ts';
