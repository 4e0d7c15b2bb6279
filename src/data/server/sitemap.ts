// Member-owned URLs for sitemap.xml. The sitemap is pre-rendered, so these reads
// are paid once per build, never per visit. Books fetch only the id and the
// last-change time (select), parsed with the book's own field rules; profiles are
// parsed whole (see getPublicProfileEntries). A malformed document is left out
// (and logged) instead of producing a broken URL.
import type { Firestore } from 'firebase-admin/firestore';
import { bookSchema } from '../../domain/book.ts';
import { editorialPath } from '../../domain/editorial.ts';
import { profileSchema } from '../../domain/profile.ts';
import { parseDocs } from '../firestore-convert.ts';
import { getPublishedBlogPosts, getPublishedNewsletters } from './editorial.ts';
import { getDb } from './firestore.ts';
import { meterQuery } from './read-meter.ts';

/** A URL path and when its content last changed, if known. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The sitemap protocol allows 50,000 URLs per file; one file is enough for a long time. */
const MAX_ENTRIES = 20000;

/** The book fields a sitemap entry is built from. */
const bookEntrySchema = bookSchema.pick({ id: true, created_at: true, updated_at: true });

/**
 * /profile/{slug} of every public (active, approved) member whose page renders.
 * Whole profiles are read and parsed with the profile schema, the same parse the
 * profile page applies, so a profile the page would show as not found (it fails
 * the schema) is never listed.
 */
export async function getPublicProfileEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const snap = await db.collection('profiles').where('is_active', '==', true).where('approval_status', '==', 'approved').limit(MAX_ENTRIES).get();
  meterQuery(snap);
  return parseDocs(profileSchema, snap.docs).map((p) => ({ path: `/profile/${p.page_slug}`, lastModified: p.updated_at ?? p.created_at }));
}

/** /book/{id} of every active book. */
export async function getActiveBookEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const snap = await db.collection('books').where('is_active', '==', true).select('updated_at', 'created_at').limit(MAX_ENTRIES).get();
  meterQuery(snap);
  return parseDocs(bookEntrySchema, snap.docs).map((b) => ({ path: `/book/${b.id}`, lastModified: b.updated_at ?? b.created_at }));
}

/** /blog/{slug} and /newsletters/{slug} of every published post and newsletter. */
export async function getEditorialEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const [posts, newsletters] = await Promise.all([getPublishedBlogPosts(MAX_ENTRIES, db), getPublishedNewsletters(MAX_ENTRIES, db)]);
  return [
    ...posts.map((p) => ({ path: editorialPath('blog_posts', p), lastModified: p.updated_at ?? p.created_at })),
    ...newsletters.map((n) => ({ path: editorialPath('newsletters', n), lastModified: n.updated_at ?? n.created_at })),
  ];
}
