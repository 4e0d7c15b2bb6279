import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import { signupSlug, FALLBACK_SLUG } from '../../../src/domain/shared/slug';
import { derivedPageSlug } from '../../../src/domain/accounts/profile-edit';
import { TEXT_LIMITS } from '../../../src/domain/shared/common';

/**
 * page_slugs/{slug} = { uid, claimed_at, retired_at? }: one document per slug
 * in use or once used (retired_at set: the member moved to another slug, the
 * old one redirects and stays theirs). Creating it inside
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
  for (let i = 0; i < RANDOM_SUFFIX_LENGTH; i++)
    suffix += RANDOM_ALPHABET[Math.floor(random() * RANDOM_ALPHABET.length)] ?? 'x';
  return `${base}-${suffix}`;
}

/**
 * Who holds each of `candidates`, read inside the transaction: the uid of its
 * claim in page_slugs (current or retired), and the uid of any profile that
 * has it as page_slug (profiles written before claims existed, such as the
 * demo seed, have no claim). Reads at most 2 × candidates.length documents,
 * however many members share the base.
 */
async function holdersOf(
  tx: Transaction,
  firestore: Firestore,
  candidates: string[],
): Promise<Map<string, Set<string>>> {
  const claims = candidates.map((slug) => firestore.collection(PAGE_SLUGS).doc(slug));
  const profiles = firestore
    .collection('profiles')
    .where('page_slug', 'in', candidates)
    .limit(candidates.length * 2);
  const [claimed, used] = await Promise.all([tx.getAll(...claims), tx.get(profiles)]);
  const holders = new Map<string, Set<string>>();
  const add = (slug: string, uid: string) =>
    holders.set(slug, (holders.get(slug) ?? new Set<string>()).add(uid));
  for (const claim of claimed) if (claim.exists) add(claim.id, String(claim.get('uid')));
  for (const profile of used.docs) add(String(profile.get('page_slug')), profile.id);
  return holders;
}

/** Which of `candidates` anyone holds (sign-up: a new member can hold none yet). */
async function takenAmong(tx: Transaction, firestore: Firestore, candidates: string[]): Promise<Set<string>> {
  return new Set((await holdersOf(tx, firestore, candidates)).keys());
}

/** Which of `candidates` someone other than `uid` holds: a member may keep or take back their own slugs, retired ones included. */
async function takenByOthers(
  tx: Transaction,
  firestore: Firestore,
  candidates: string[],
  uid: string,
): Promise<Set<string>> {
  const holders = await holdersOf(tx, firestore, candidates);
  return new Set(
    [...holders].filter(([, uids]) => [...uids].some((holder) => holder !== uid)).map(([slug]) => slug),
  );
}

/**
 * The first of base, base-2 … base-10 that `isTaken` leaves free, else a few
 * random suffixes; throws when all are taken. Bounded reads whatever the
 * number of members sharing the base.
 */
async function firstFree(
  base: string,
  taken: (candidates: string[]) => Promise<Set<string>>,
): Promise<string> {
  const sequential = sequentialCandidates(base);
  const used = await taken(sequential);
  let slug = sequential.find((candidate) => !used.has(candidate));
  for (let attempt = 0; slug === undefined && attempt < RANDOM_ATTEMPTS; attempt++) {
    const candidate = randomCandidate(base);
    if (!(await taken([candidate])).has(candidate)) slug = candidate;
  }
  if (slug === undefined) throw new Error(`no free page slug found for '${base}'`);
  return slug;
}

/**
 * Picks the member's page slug and writes its claim in the transaction: the
 * sign-up slug of the name, made unique with -2, -3 … -10; past that (a crowded
 * base such as the fallback for names without Latin letters) a short random
 * suffix. The reads stay bounded, so sign-ups do not slow down as a base
 * fills up. Call it before any other write of the transaction.
 */
export async function claimPageSlug(
  tx: Transaction,
  firestore: Firestore,
  displayName: string,
  uid: string,
): Promise<string> {
  const slug = await firstFree(baseSlug(displayName), (candidates) => takenAmong(tx, firestore, candidates));
  // Every candidate read, the chosen one included, is in the transaction's read
  // set even when it does not exist, so a concurrent claim of the same slug
  // forces a retry.
  tx.create(firestore.collection(PAGE_SLUGS).doc(slug), { uid, claimed_at: FieldValue.serverTimestamp() });
  return slug;
}

/** The profile editor's slug of a display name (derivedPageSlug), or FALLBACK_SLUG when nothing usable is left. */
export function editorBaseSlug(displayName: string): string {
  const slug = derivedPageSlug(displayName);
  return slug === '' ? FALLBACK_SLUG : slug;
}

/** A planned page-slug change: the slug the profile ends up with, and the claim writes to make in the transaction. */
export interface SlugChange {
  /** The profile's page_slug after the save. */
  slug: string;
  /** True when it differs from the current one. */
  changed: boolean;
  /** Writes the new claim and retires the old one; call after every read of the transaction. */
  write(tx: Transaction): void;
}

/**
 * Plans a change of `uid`'s page slug from `current` to `requested`, reading
 * inside the transaction (call before any write). An empty `requested` derives
 * the slug from `displayName` (lower-case, other characters as hyphens) and
 * makes it unique with -2, -3 …; a typed one must not be held by anyone else
 * (a claim, current or retired, or another profile's page_slug), else 'taken'.
 *
 * The write claims the new slug (`page_slugs/{new} = { uid, claimed_at }`,
 * which also takes back the member's own retired claim) and keeps the old one
 * as `{ uid, claimed_at, retired_at }`: the profile page answers 301 from a
 * retired slug, and nobody else can ever take it, so old links keep working.
 */
export async function planPageSlugChange(
  tx: Transaction,
  firestore: Firestore,
  change: { uid: string; current: string; requested: string; displayName: string },
): Promise<SlugChange | 'taken'> {
  const { uid, current } = change;
  const taken = (candidates: string[]) => takenByOthers(tx, firestore, candidates, uid);
  let slug: string;
  if (change.requested === '') slug = await firstFree(editorBaseSlug(change.displayName), taken);
  else if ((await taken([change.requested])).has(change.requested)) return 'taken';
  else slug = change.requested;
  if (slug === current) return { slug, changed: false, write: () => {} };

  const claims = firestore.collection(PAGE_SLUGS);
  const oldClaim = current === '' ? undefined : await tx.get(claims.doc(current));
  return {
    slug,
    changed: true,
    write(writer) {
      writer.set(claims.doc(slug), { uid, claimed_at: FieldValue.serverTimestamp() });
      // A claim someone else holds (a data error) is not ours to retire.
      if (oldClaim === undefined || (oldClaim.exists && oldClaim.get('uid') !== uid)) return;
      writer.set(oldClaim.ref, {
        uid,
        claimed_at: oldClaim.exists ? oldClaim.get('claimed_at') : FieldValue.serverTimestamp(),
        retired_at: FieldValue.serverTimestamp(),
      });
    },
  };
}
