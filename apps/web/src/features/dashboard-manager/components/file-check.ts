import { IMPORT_LIMITS, IMPORT_TEXTS } from '@callsight/shared';

/** The spec 001 §5 check of a chosen upload: its extension, then its size; null when fine. */
export function fileError(file: Pick<File, 'name' | 'size'>): string | null {
  const name = file.name.toLowerCase();
  if (!IMPORT_LIMITS.extensions.some((ext) => name.endsWith(ext)))
    return IMPORT_TEXTS.extension(IMPORT_LIMITS.extensions);
  if (file.size >= IMPORT_LIMITS.maxMb * 1024 * 1024) return IMPORT_TEXTS.size(IMPORT_LIMITS.maxMb);
  return null;
}
