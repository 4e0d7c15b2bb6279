// How an opt-in token is stored: only as its SHA-256, which names the
// confirmation document (opt_in_confirmations/{hash}). Whoever reads the
// collection learns no working link. Shared by the site's server (confirming)
// and Cloud Functions (making the token and mailing it).
import { createHash } from 'node:crypto';

/** Hex SHA-256 of a token: the id of its confirmation document. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
