export * from './cidr.ts';
export * from './network-labels.ts';
export * from './schemas.ts';
