// Member-owned URLs for sitemap.xml. The sitemap is pre-rendered, so these reads
// are paid once per build, never per visit. Only the id/slug and the last-change
// time are fetched (select), keeping each read small.
import type { Firestore } from 'firebase-admin/firestore';
import { getDb } from './firestore.ts';
import { meterQuery } from './read-meter.ts';

/** A URL path and when its content last changed, if known. */
export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The sitemap protocol allows 50,000 URLs per file; one file is enough for a long time. */
const MAX_ENTRIES = 20000;

function dateOf(value: unknown): Date | undefined {
  return value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function' ? (value.toDate() as Date) : undefined;
}

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
  return snap.docs
    .filter((d) => typeof d.get('page_slug') === 'string')
    .map((d) => ({ path: `/profile/${d.get('page_slug') as string}`, lastModified: dateOf(d.get('updated_at')) ?? dateOf(d.get('created_at')) }));
}

/** /book/{id} of every active book. */
export async function getActiveBookEntries(db: Firestore = getDb()): Promise<SitemapEntry[]> {
  const snap = await db.collection('books').where('is_active', '==', true).select('updated_at', 'created_at').limit(MAX_ENTRIES).get();
  meterQuery(snap);
  return snap.docs.map((d) => ({ path: `/book/${d.id}`, lastModified: dateOf(d.get('updated_at')) ?? dateOf(d.get('created_at')) }));
}
