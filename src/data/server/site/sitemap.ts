// Member-owned URLs for sitemap.xml. The sitemap is pre-rendered, so these reads
// are paid once per build, never per visit. Books fetch only the id and the
// last-change time (select), parsed with the book's own field rules; profiles are
// parsed whole (see getPublicProfileEntries). A malformed document is left out
// (and logged) instead of producing a broken URL.
import type { Firestore } from 'firebase-admin/firestore';
import { bookSchema } from '../../../domain/books/book.ts';
import { classifiedAdSchema } from '../../../domain/market/classified-ad.ts';
import { editorialPath } from '../../../domain/editorial/editorial.ts';
import { productServiceSchema } from '../../../domain/items/product-service.ts';
import { profileSchema } from '../../../domain/accounts/profile.ts';
import { seriesPath } from '../../../domain/books/series.ts';
import { SERIES_CLAIMS, seriesClaimSchema, seriesPageEntries } from '../../../domain/books/series-claim.ts';
import { bookKindOf, isItemShown, isReadableBook } from '../../../domain/accounts/visibility.ts';
import { catalogueBookSchema } from '../../../domain/books/catalogue-book.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getPublishedBlogPosts, getPublishedNewsletters } from '../editorial/editorial.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery, meterReads } from '../shared/read-meter.ts';

/** A URL path and when its content last changed, if known. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The sitemap protocol allows 50,000 URLs per file; one file is enough for a long time. */
const MAX_ENTRIES = 20000;

/** The book fields a sitemap entry is built from. */
const bookEntrySchema = bookSchema.pick({ id: true, user_id: true, created_at: true, updated_at: true });
/** The fields an owned item's sitemap entry is built from (ownedItemEntries), for products/services and ads alike. */
const OWNED_ITEM_ENTRY_FIELDS = {
  id: true,
  user_id: true,
  is_active: true,
  moderation_hidden: true,
  created_at: true,
  updated_at: true,
} as const;
const productEntrySchema = productServiceSchema.pick(OWNED_ITEM_ENTRY_FIELDS);
// An ad also carries the hold of a standing decision (moderation_held): a held ad is not listed.
const adEntrySchema = classifiedAdSchema.pick({ ...OWNED_ITEM_ENTRY_FIELDS, moderation_held: true });

/**
 * /profile/{slug} of every public (active, approved) member whose page renders.
 * Whole profiles are read and parsed with the profile schema, the same parse the
 * profile page applies, so a profile the page would show as not found (it fails
 * the schema) is never listed.
 */
export async function getPublicProfileEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  return (await getPublicProfileSitemap(db)).entries;
}

/** The public profiles' sitemap entries and their owners' uids (for filtering books). */
export async function getPublicProfileSitemap(
  db: Firestore = getDb(),
): Promise<{ entries: SitemapEntry[]; uids: Set<string> }> {
  const snap = await db
    .collection('profiles')
    .where('is_active', '==', true)
    .where('approval_status', '==', 'approved')
    .limit(MAX_ENTRIES)
    .get();
  meterQuery(snap);
  const profiles = parseDocs(profileSchema, snap.docs);
  return {
    entries: profiles.map((p) => ({
      path: `/profile/${p.page_slug}`,
      lastModified: p.updated_at ?? p.created_at,
    })),
    uids: new Set(profiles.map((p) => p.user_id)),
  };
}

/**
 * /book/{id} of every active book; with `publicOwners`, only books of those
 * members (a book is public only while its owner is active and approved, and
 * its page answers 404 otherwise).
 */
export async function getActiveBookEntries(
  db: Firestore = getDb(),
  publicOwners?: ReadonlySet<string>,
): Promise<SitemapEntry[]> {
  const snap = await db
    .collection('books')
    .where('is_active', '==', true)
    .select('kind', 'user_id', 'updated_at', 'created_at')
    .limit(MAX_ENTRIES)
    .get();
  meterQuery(snap);
  // Catalogue books have no owner: they are listed by getCatalogueBookEntries.
  const listed = snap.docs.filter((doc) => bookKindOf(doc.data()) === 'listed');
  return parseDocs(bookEntrySchema, listed)
    .filter((b) => !publicOwners || publicOwners.has(b.user_id))
    .map((b) => ({ path: `/book/${b.id}`, lastModified: b.updated_at ?? b.created_at }));
}

/** The catalogue book fields a sitemap entry is built from. */
const catalogueEntrySchema = catalogueBookSchema.pick({
  id: true,
  kind: true,
  is_active: true,
  moderation_hidden: true,
  author_slugs: true,
  created_at: true,
  updated_at: true,
});

/**
 * /book/{id} of every catalogue book members have shelved or rated (has_readers,
 * src/domain/books/catalogue-book.ts) while readers may see it, and /authors/{slug} of
 * each of their authors, the author page's last change its latest book's. A catalogue
 * book nobody here has read is left to its page, not offered to search engines.
 */
export async function getCatalogueBookEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const snap = await db
    .collection('books')
    .where('kind', '==', 'catalogue')
    .where('has_readers', '==', true)
    .select('kind', 'is_active', 'moderation_hidden', 'author_slugs', 'updated_at', 'created_at')
    .limit(MAX_ENTRIES)
    .get();
  meterQuery(snap);
  const books = parseDocs(catalogueEntrySchema, snap.docs).filter((book) => isReadableBook(book));
  const authors = new Map<string, Date>();
  for (const book of books) {
    const changed = book.updated_at ?? book.created_at;
    for (const slug of book.author_slugs) {
      const latest = authors.get(slug);
      if (!latest || changed > latest) authors.set(slug, changed);
    }
  }
  return [
    ...books.map((book) => ({ path: `/book/${book.id}`, lastModified: book.updated_at ?? book.created_at })),
    ...[...authors].map(([slug, lastModified]) => ({
      path: `/authors/${encodeURIComponent(slug)}`,
      lastModified,
    })),
  ];
}

/** The book fields a series entry is built from. */
const seriesEntrySchema = bookSchema.pick({
  id: true,
  user_id: true,
  series_slug: true,
  created_at: true,
  updated_at: true,
});

/** Series claims read per round trip. */
const CLAIM_CHUNK = 100;

/**
 * /series/{slug} of every series whose owner has a public book, and
 * /series/{slug}/by/{uid} of every other author with a public book naming a series
 * of that address (src/domain/books/series-claim.ts), each page's last change the
 * latest of its books'. The claims are read by address, a hundred a round trip.
 */
export async function getSeriesEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const snap = await db
    .collection('books')
    .where('is_public', '==', true)
    .where('series_slug', '>', '')
    .select('user_id', 'series_slug', 'updated_at', 'created_at')
    .limit(MAX_ENTRIES)
    .get();
  meterQuery(snap);
  const books = parseDocs(seriesEntrySchema, snap.docs);
  const slugs = [...new Set(books.map((book) => book.series_slug).filter((slug): slug is string => !!slug))];
  const holders = new Map<string, string>();
  for (let i = 0; i < slugs.length; i += CLAIM_CHUNK) {
    const refs = slugs.slice(i, i + CLAIM_CHUNK).map((slug) => db.collection(SERIES_CLAIMS).doc(slug));
    const claims = await db.getAll(...refs);
    meterReads(claims.length);
    for (const claim of parseDocs(
      seriesClaimSchema,
      claims.filter((doc) => doc.exists),
    ))
      holders.set(claim.id, claim.user_id);
  }
  return seriesPageEntries(books, holders).map(({ slug, authorUid, lastModified }) => ({
    path: seriesPath(slug, authorUid),
    lastModified,
  }));
}

/**
 * The pages of one collection of owned items (products/services, classified ads):
 * every active item not hidden by moderation, at `pathOf(id)`; with `publicOwners`,
 * only those of these members (the rule of src/domain/accounts/visibility.ts: an item is
 * public only while it is active and its owner is active and approved, and its page
 * answers 404 otherwise).
 */
async function ownedItemEntries(
  collection: 'products_services' | 'classified_ads',
  schema: typeof productEntrySchema | typeof adEntrySchema,
  pathOf: (id: string) => string,
  db: Firestore,
  publicOwners?: ReadonlySet<string>,
): Promise<SitemapEntry[]> {
  const snap = await db
    .collection(collection)
    .where('is_active', '==', true)
    .select('user_id', 'is_active', 'moderation_hidden', 'moderation_held', 'updated_at', 'created_at')
    .limit(MAX_ENTRIES)
    .get();
  meterQuery(snap);
  return parseDocs(schema, snap.docs)
    .filter((item) => isItemShown(item) && (!publicOwners || publicOwners.has(item.user_id)))
    .map((item) => ({ path: pathOf(item.id), lastModified: item.updated_at ?? item.created_at }));
}

/** /classifieds/{id} of every public classified ad (see ownedItemEntries). */
export function getActiveAdEntries(
  db: Firestore = getDb(),
  publicOwners?: ReadonlySet<string>,
): Promise<SitemapEntry[]> {
  return ownedItemEntries('classified_ads', adEntrySchema, (id) => `/classifieds/${id}`, db, publicOwners);
}

/** /blog/{slug} and /newsletters/{slug} of every published post and newsletter. */
export async function getEditorialEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const [posts, newsletters] = await Promise.all([
    getPublishedBlogPosts(MAX_ENTRIES, db),
    getPublishedNewsletters(MAX_ENTRIES, db),
  ]);
  return [
    ...posts.map((p) => ({
      path: editorialPath('blog_posts', p),
      lastModified: p.updated_at ?? p.created_at,
    })),
    ...newsletters.map((n) => ({
      path: editorialPath('newsletters', n),
      lastModified: n.updated_at ?? n.created_at,
    })),
  ];
}

/** /product-service/{id} of every public product or service (see ownedItemEntries). */
export function getActiveProductEntries(
  db: Firestore = getDb(),
  publicOwners?: ReadonlySet<string>,
): Promise<SitemapEntry[]> {
  return ownedItemEntries(
    'products_services',
    productEntrySchema,
    (id) => `/product-service/${id}`,
    db,
    publicOwners,
  );
}
