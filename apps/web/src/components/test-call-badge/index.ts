export { TestCallBadge } from './test-call-badge.tsx';
