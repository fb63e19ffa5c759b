export * from './relative-time.ts';
export * from './quick-ranges.ts';
export * from './time-range.ts';
export * from './calendar.ts';
