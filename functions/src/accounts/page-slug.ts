import { FieldPath, FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { signupSlug, uniqueSlug, FALLBACK_SLUG } from '../../../src/domain/slug';
import { TEXT_LIMITS } from '../../../src/domain/common';

/**
 * page_slugs/{slug} = { uid }: one document per slug in use. Creating it inside
 * the sign-up transaction is what makes slugs unique: two concurrent sign-ups
 * that pick the same slug both read (and so lock) the same claim document, and
 * Firestore lets only one of them commit; the other retries and picks the next
 * free slug. A query on profiles.page_slug alone could not give that guarantee.
 * Only the Admin SDK touches this collection (firestore.rules keep it closed).
 */
export const PAGE_SLUGS = 'page_slugs';

/** Room kept for the '-N' suffix under the slug length limit. */
const SUFFIX_ROOM = 10;

/** The sign-up slug of a display name, shortened so a suffix still fits (accent folding can lengthen a name). */
export function baseSlug(displayName: string): string {
  const slug = signupSlug(displayName).slice(0, TEXT_LIMITS.slug - SUFFIX_ROOM);
  return slug === '' ? FALLBACK_SLUG : slug;
}

/**
 * The end of the id range holding `base` and every `base-…` slug: '.' is the
 * character after '-', so [base, base + '.') covers exactly the ids that start
 * with base followed by nothing or a hyphen.
 */
function rangeEnd(base: string): string {
  return `${base}.`;
}

/**
 * Reads, inside the transaction, every slug of the `base` family already in use:
 * claimed in page_slugs, or set on a profile (profiles written before claims
 * existed, such as the demo seed, have no claim).
 */
async function takenSlugs(tx: Transaction, firestore: Firestore, base: string): Promise<Set<string>> {
  const claims = firestore
    .collection(PAGE_SLUGS)
    .where(FieldPath.documentId(), '>=', base)
    .where(FieldPath.documentId(), '<', rangeEnd(base));
  const profiles = firestore.collection('profiles').where('page_slug', '>=', base).where('page_slug', '<', rangeEnd(base));
  const [claimed, used] = await Promise.all([tx.get(claims), tx.get(profiles)]);
  return new Set([...claimed.docs.map((d) => d.id), ...used.docs.map((d) => String(d.get('page_slug')))]);
}

/**
 * Picks the member's page slug (part 1 §5, made unique with -2, -3 …) and writes
 * its claim in the transaction. Call it before any other write of the transaction.
 */
export async function claimPageSlug(tx: Transaction, firestore: Firestore, displayName: string, uid: string): Promise<string> {
  const base = baseSlug(displayName);
  const taken = await takenSlugs(tx, firestore, base);
  const slug = uniqueSlug(base, (candidate) => taken.has(candidate));
  const claim = firestore.collection(PAGE_SLUGS).doc(slug);
  // Reading the chosen id puts it in the transaction's read set even though it
  // does not exist, so a concurrent claim of the same slug forces a retry.
  await tx.get(claim);
  tx.create(claim, { uid, claimed_at: FieldValue.serverTimestamp() });
  return slug;
}
