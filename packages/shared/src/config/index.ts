export * from './types.ts';
export * from './texts.ts';
export * from './constants.ts';
export * from './catalogue.ts';
export * from './validation.ts';
export * from './access.ts';
export * from './schemas.ts';
export * from './form.ts';
