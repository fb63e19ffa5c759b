import { RetryAlert } from '../../../components/load-state/index.ts';
import { isApiError } from '../../../lib/api-client.ts';

/** A failed list fetch: the server's message (it names the field) and Retry. */
export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <RetryAlert onRetry={onRetry}>
      {isApiError(error) ? error.message : 'The list could not be loaded.'}
    </RetryAlert>
  );
}
