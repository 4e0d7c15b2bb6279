// The hash that stands for an email address in ids and limits, so the address
// itself is stored only where it must be (the follow or subscription that mails
// it). The address is normalized first (src/domain/shared/common.ts), so "Ann@X.org "
// and "ann@x.org" are one address. Used by the site's server and by Cloud Functions.
import { createHash } from 'node:crypto';
import { normalizeEmail } from '../../../domain/shared/common.ts';

/** Hex SHA-256 of the normalized address (64 characters, EMAIL_HASH_PATTERN). */
export function emailHash(email: string): string {
  return createHash('sha256').update(normalizeEmail(email)).digest('hex');
}
