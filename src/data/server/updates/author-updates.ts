// An author's updates for their profile page and their RSS feed
// (src/domain/updates/author-update.ts): the newest UPDATES_SHOWN, newest first, in
// one indexed query (user_id, created_at desc; firestore.indexes.json). The
// caller has found the author public; an update hidden by moderation is dropped
// after the query (so the list may hold fewer), and one that fails its schema is
// left out and logged, so one bad document never takes the page down.
import type { Firestore } from 'firebase-admin/firestore';
import {
  AUTHOR_UPDATES,
  UPDATES_SHOWN,
  authorUpdateSchema,
  type AuthorUpdate,
} from '../../../domain/updates/author-update.ts';
import { isUpdateShown } from '../../../domain/updates/author-update-page.ts';
import type { Profile } from '../../../domain/accounts/profile.ts';
import { PAGE_SLUG_PATTERN } from '../../../domain/shared/slug.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { getPublicProfileBySlug } from '../accounts/profiles.ts';
import { getDb } from '../shared/firestore.ts';
import { meterQuery } from '../shared/read-meter.ts';

/** The author's newest shown updates, at most `limit`. */
export async function getAuthorUpdates(
  uid: string,
  limit: number = UPDATES_SHOWN,
  db: Firestore = getDb(),
): Promise<AuthorUpdate[]> {
  const snap = await db
    .collection(AUTHOR_UPDATES)
    .where('user_id', '==', uid)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .get();
  meterQuery(snap);
  return parseDocs(authorUpdateSchema, snap.docs).filter(isUpdateShown);
}

/** What the feed of a slug shows: the public author and their updates, or nothing. */
export type UpdatesFeedData = { profile: Profile; updates: AuthorUpdate[] } | null;

/**
 * The feed of /profile/{slug}: the public profile of `slug` (1 query) and its
 * updates (1 query); null for a slug that names no public profile (an old slug
 * too: unlike the page, the feed does not follow a member who moved).
 */
export async function loadUpdatesFeed(slug: string, db: Firestore = getDb()): Promise<UpdatesFeedData> {
  if (!PAGE_SLUG_PATTERN.test(slug)) return null;
  const profile = await getPublicProfileBySlug(slug, db);
  if (!profile) return null;
  return { profile, updates: await getAuthorUpdates(profile.user_id, UPDATES_SHOWN, db) };
}
