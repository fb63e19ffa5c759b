export { LoadState, RetryAlert, type LoadStateProps } from './load-state.tsx';
