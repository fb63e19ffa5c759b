export * from './constants.ts';
export * from './schemas.ts';
export * from './attributes.ts';
export * from './parse-trace.ts';
export * from './timeline.ts';
export * from './insight-rules.ts';
export * from './otlp-normalize.ts';
export * from './otlp-protobuf.ts';
