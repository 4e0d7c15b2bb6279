// What the pages show of author claims (src/domain/books/author-claim.ts): the
// catalogue books a member claimed, for their profile (one equality query on
// claimed_by, bounded), and who holds an author page, for /authors/{slug} (the
// catalogue_authors record, then the claimant's profile: two reads; a claimant who
// is not publicly listed is not named).
import type { Firestore } from 'firebase-admin/firestore';
import { isPubliclyListed } from '../../../domain/accounts/profile.ts';
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
  return { uid: profile.user_id, displayName: profile.display_name, pageSlug: profile.page_slug };
}
