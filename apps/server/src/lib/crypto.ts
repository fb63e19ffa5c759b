import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe secret of the given number of bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 hex of a high-entropy secret (refresh tokens, API keys): fit for lookup, not passwords. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
