export { ConfirmProvider, useConfirm, type ConfirmOptions } from './confirm-provider.tsx';
