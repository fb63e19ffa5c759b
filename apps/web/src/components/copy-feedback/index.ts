export { useCopyFeedback } from './use-copy-feedback.ts';
