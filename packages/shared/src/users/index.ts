export * from './password-policy.ts';
export * from './schemas.ts';
export * from './texts.ts';
