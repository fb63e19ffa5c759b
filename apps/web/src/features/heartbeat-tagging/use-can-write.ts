import { canWriteConfigField, storedFieldIndex } from '@callsight/shared';
import { useSession } from '../../lib/session.ts';

/** Whether the signed-in user may change a config key (the catalogue's write roles). */
export function useCanWriteConfig(key: string): boolean {
  const session = useSession();
  const field = storedFieldIndex().get(key)?.field;
  return !!field && !!session && canWriteConfigField(field, session.claims.permissions);
}
