// Member-owned URLs for sitemap.xml. The sitemap is pre-rendered, so these reads
// are paid once per build, never per visit. Only the id/slug and the last-change
// time are fetched (select), keeping each read small; they are parsed with the
// entity's own field rules, so a document with a malformed slug or date is left
// out (and logged) instead of producing a broken URL.
import type { Firestore } from 'firebase-admin/firestore';
import { bookSchema } from '../../domain/book.ts';
import { profileSchema } from '../../domain/profile.ts';
import { parseDocs } from '../firestore-convert.ts';
import { getDb } from './firestore.ts';
import { meterQuery } from './read-meter.ts';

/** A URL path and when its content last changed, if known. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The sitemap protocol allows 50,000 URLs per file; one file is enough for a long time. */
const MAX_ENTRIES = 20000;

/** The profile fields a sitemap entry is built from. */
const profileEntrySchema = profileSchema.pick({ id: true, page_slug: true, created_at: true, updated_at: true });
/** The book fields a sitemap entry is built from. */
const bookEntrySchema = bookSchema.pick({ id: true, created_at: true, updated_at: true });

/** /profile/{slug} of every public (active, approved) member. */
export async function getPublicProfileEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const snap = await db
    .collection('profiles')
    .where('is_active', '==', true)
    .where('approval_status', '==', 'approved')
    .select('page_slug', 'updated_at', 'created_at')
    .limit(MAX_ENTRIES)
    .get();
  meterQuery(snap);
  return parseDocs(profileEntrySchema, snap.docs).map((p) => ({ path: `/profile/${p.page_slug}`, lastModified: p.updated_at ?? p.created_at }));
}

/** /book/{id} of every active book. */
export async function getActiveBookEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const snap = await db.collection('books').where('is_active', '==', true).select('updated_at', 'created_at').limit(MAX_ENTRIES).get();
  meterQuery(snap);
  return parseDocs(bookEntrySchema, snap.docs).map((b) => ({ path: `/book/${b.id}`, lastModified: b.updated_at ?? b.created_at }));
}
