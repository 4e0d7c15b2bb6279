import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { signupSlug, FALLBACK_SLUG } from '../../../src/domain/slug';
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

/**
 * The sign-up slug of a display name, shortened so a suffix still fits (accent
 * folding can lengthen a name). A name that leaves no letter or digit (only
 * other scripts, emoji, spaces: 'Иван Петров' would leave '-') falls back to
 * FALLBACK_SLUG.
 */
export function baseSlug(displayName: string): string {
  const slug = signupSlug(displayName).slice(0, TEXT_LIMITS.slug - SUFFIX_ROOM);
  return /[a-z0-9]/.test(slug) ? slug : FALLBACK_SLUG;
}

/** How many sequential slugs are tried: base, base-2 … base-10. */
export const SEQUENTIAL_CANDIDATES = 10;

/** How many random slugs are tried once the sequential ones are all taken. */
export const RANDOM_ATTEMPTS = 5;

/** Length of the random suffix: 36^5 ≈ 60 million per base. */
const RANDOM_SUFFIX_LENGTH = 5;
const RANDOM_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** base, base-2, base-3 … base-`count`: the slugs a sign-up tries first, in order. */
export function sequentialCandidates(base: string, count = SEQUENTIAL_CANDIDATES): string[] {
  return [base, ...Array.from({ length: Math.max(0, count - 1) }, (_, i) => `${base}-${i + 2}`)];
}

/** base-xxxxx with a random a–z0–9 suffix, for a base whose sequential slugs are all taken. */
export function randomCandidate(base: string, random: () => number = Math.random): string {
  let suffix = '';
  for (let i = 0; i < RANDOM_SUFFIX_LENGTH; i++) suffix += RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length)] ?? 'x';
  return `${base}-${suffix}`;
}

/**
 * Which of `candidates` are in use, read inside the transaction: claimed in
 * page_slugs, or set on a profile (profiles written before claims existed, such
 * as the demo seed, have no claim). Reads at most 2 × candidates.length
 * documents, however many members share the base.
 */
async function takenAmong(tx: Transaction, firestore: Firestore, candidates: string[]): Promise<Set<string>> {
  const claims = candidates.map((slug) => firestore.collection(PAGE_SLUGS).doc(slug));
  const profiles = firestore.collection('profiles').where('page_slug', 'in', candidates).limit(candidates.length);
  const [claimed, used] = await Promise.all([tx.getAll(...claims), tx.get(profiles)]);
  return new Set([...claimed.filter((d) => d.exists).map((d) => d.id), ...used.docs.map((d) => String(d.get('page_slug')))]);
}

/**
 * Picks the member's page slug and writes its claim in the transaction: the
 * sign-up slug of the name, made unique with -2, -3 … -10; past that (a crowded
 * base such as the fallback for names without Latin letters) a short random
 * suffix. The reads stay bounded, so sign-ups do not slow down as a base
 * fills up. Call it before any other write of the transaction.
 */
export async function claimPageSlug(tx: Transaction, firestore: Firestore, displayName: string, uid: string): Promise<string> {
  const base = baseSlug(displayName);
  const sequential = sequentialCandidates(base);
  const taken = await takenAmong(tx, firestore, sequential);
  let slug = sequential.find((candidate) => !taken.has(candidate));
  for (let attempt = 0; slug === undefined && attempt < RANDOM_ATTEMPTS; attempt++) {
    const candidate = randomCandidate(base);
    if (!(await takenAmong(tx, firestore, [candidate])).has(candidate)) slug = candidate;
  }
  if (slug === undefined) throw new Error(`no free page slug found for '${base}'`);
  // Every candidate read, the chosen one included, is in the transaction's read
  // set even when it does not exist, so a concurrent claim of the same slug
  // forces a retry.
  tx.create(firestore.collection(PAGE_SLUGS).doc(slug), { uid, claimed_at: FieldValue.serverTimestamp() });
  return slug;
}
