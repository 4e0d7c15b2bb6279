// What the pages show of author claims (src/domain/books/author-claim.ts): the
// catalogue books a member claimed, for their profile (one equality query on
// claimed_by, bounded), and who holds an author page, for /authors/{slug} (the
// catalogue_authors record, then the claimant's profile: two reads; a claimant who
// is not publicly listed is not named).
import type { Firestore } from 'firebase-admin/firestore';
import { isPubliclyListed, type Profile } from '../../../domain/accounts/profile.ts';
import { isReadableBook } from '../../../domain/accounts/visibility.ts';
import { catalogueAuthorSchema } from '../../../domain/books/author-claim.ts';
import { catalogueBookSchema, type CatalogueBook } from '../../../domain/books/catalogue-book.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { getProfileById } from '../accounts/profiles.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery, meterReads } from '../shared/read-meter.ts';

/** Most claimed books a profile shows. */
export const CLAIMED_BOOKS_SHOWN = 24;

/** The catalogue books `uid` claimed that readers may see, oldest first by first publication. */
export async function getClaimedBooksOf(
  uid: string,
  limit = CLAIMED_BOOKS_SHOWN,
  db: Firestore = getDb(),
): Promise<CatalogueBook[]> {
  const snap = await db.collection('books').where('claimed_by', '==', uid).limit(limit).get();
  meterQuery(snap);
  return snap.docs
    .filter((doc) => isReadableBook(doc.data()))
    .flatMap((doc) => tryParseDoc(catalogueBookSchema, doc) ?? [])
    .sort(
      (a, b) =>
        (a.first_published ?? 9999) - (b.first_published ?? 9999) || a.title.localeCompare(b.title, 'en'),
    );
}

/** Who claimed an author page, as the page names them. */
export interface AuthorClaimant {
  uid: string;
  displayName: string;
  /** Their role and category, which say what they are in JSON-LD (memberSchemaType: a Publisher is an Organization). */
  role: Profile['role'];
  category: Profile['category'];
  /** Their profile's address part. */
  pageSlug: string;
}

/** The publicly listed member holding the author page `slug`, or null. */
export async function getAuthorClaimant(
  slug: string,
  db: Firestore = getDb(),
): Promise<AuthorClaimant | null> {
  const snap = await db.collection('catalogue_authors').doc(slug).get();
  meterReads(1);
  const record = snap.exists ? tryParseDoc(catalogueAuthorSchema, snap) : null;
  if (!record) return null;
  const profile = await getProfileById(record.claimed_by, db);
  if (!profile || !isPubliclyListed(profile)) return null;
  return claimantOf(profile);
}

/** A publicly listed profile as the claimant the pages name. */
function claimantOf(profile: Profile): AuthorClaimant {
  return {
    uid: profile.user_id,
    displayName: profile.display_name,
    role: profile.role,
    category: profile.category,
    pageSlug: profile.page_slug,
  };
}

/** A claimed catalogue book's authors held by its claimant, and the claimant, for the book's JSON-LD. */
export interface ClaimedAuthors {
  /** The author slugs whose pages the book's claimant holds. */
  slugs: Set<string>;
  claimant: AuthorClaimant;
}

/**
 * Which of a claimed catalogue book's authors its claimant holds the page of, and who the
 * claimant is; null for an unclaimed book, or a claimant no longer publicly listed. Reads
 * the book's authors' catalogue_authors records and the claimant's profile, for claimed
 * books only.
 */
export async function getClaimedAuthors(
  book: Pick<CatalogueBook, 'claimed_by' | 'author_slugs'>,
  db: Firestore = getDb(),
): Promise<ClaimedAuthors | null> {
  const uid = book.claimed_by;
  if (!uid || book.author_slugs.length === 0) return null;
  const records = await db.getAll(
    ...book.author_slugs.map((slug) => db.collection('catalogue_authors').doc(slug)),
  );
  meterReads(records.length);
  const slugs = new Set(
    records.flatMap((snap) => {
      const record = snap.exists ? tryParseDoc(catalogueAuthorSchema, snap) : null;
      return record?.claimed_by === uid ? [snap.id] : [];
    }),
  );
  if (slugs.size === 0) return null;
  const profile = await getProfileById(uid, db);
  if (!profile || !isPubliclyListed(profile)) return null;
  return { slugs, claimant: claimantOf(profile) };
}
