// What /authors/{slug} shows: the catalogue books one author (by name) wrote, in one
// array-contains query on the books' author_slugs (src/domain/books/catalogue-book.ts),
// at most AUTHOR_PAGE_BOOKS, the ones readers may see, oldest first by first
// publication. The author's name is the one a book gives for the slug.
import type { Firestore } from 'firebase-admin/firestore';
import { isReadableBook } from '../../../domain/accounts/visibility.ts';
import { authorSlug, catalogueBookSchema, type CatalogueBook } from '../../../domain/books/catalogue-book.ts';
import { TEXT_LIMITS } from '../../../domain/shared/common.ts';
import { tryParseDoc } from '../../firestore-convert.ts';
import { getDb } from '../shared/firestore.ts';
import { meterReads } from '../shared/read-meter.ts';

/** Most books an author page lists. */
export const AUTHOR_PAGE_BOOKS = 200;

/** What the author page renders. */
export type AuthorPageData = { kind: 'found'; name: string; books: CatalogueBook[] } | { kind: 'not-found' };

/** True for a slug an author page can have (what authorSlug makes); anything else is answered 404 without a read. */
export function isAuthorSlugShape(slug: string): boolean {
  return slug.length > 0 && slug.length <= TEXT_LIMITS.slug && authorSlug(slug) === slug;
}

/** Loads the author page of `slug` (see the file comment). */
export async function loadAuthorPage(slug: string, db: Firestore = getDb()): Promise<AuthorPageData> {
  if (!isAuthorSlugShape(slug)) return { kind: 'not-found' };
  const snap = await db
    .collection('books')
    .where('author_slugs', 'array-contains', slug)
    .limit(AUTHOR_PAGE_BOOKS)
    .get();
  meterReads(Math.max(1, snap.size));
  const books = snap.docs
    .filter((doc) => isReadableBook(doc.data()))
    .flatMap((doc) => tryParseDoc(catalogueBookSchema, doc) ?? [])
    .sort(
      (a, b) =>
        (a.first_published ?? 9999) - (b.first_published ?? 9999) || a.title.localeCompare(b.title, 'en'),
    );
  const name = books.flatMap((book) => book.authors).find((author) => authorSlug(author.name) === slug)?.name;
  return name && books.length > 0 ? { kind: 'found', name, books } : { kind: 'not-found' };
}
