// Purges CDN-cached on-demand pages by cache tag, and the tags each kind of write touches,
// so an edit shows at once instead of after s-maxage. The tag names come from
// src/data/server/shared/cache-tags.ts, the module the pages tag their responses with. A
// write that changed only the view count purges nothing: views are counted into the item's
// own document (at most once a second), and purging on each would empty the CDN for the
// busiest pages and call the purge API per view; the count shown catches up within the
// pages' short CDN lifetime. In production this is Netlify's purge API; locally the Node
// server renders every request afresh, so the purge is a logged no-op.
import * as logger from 'firebase-functions/logger';
import {
  adCacheTag,
  bookCacheTag,
  productCacheTag,
  profileCacheTag,
  seriesCacheTag,
} from '../../../src/data/server/shared/cache-tags';
import { onlyFieldsChanged } from '../../../src/domain/shared/field-changes';
import type { Post } from './post';

/** How a purge ended. */
export type PurgeOutcome = 'purged' | 'skipped-local' | `failed: ${string}`;

/**
 * Purges `tags` from Netlify's CDN (POST /api/v1/purge with the site id and a personal
 * access token: NETLIFY_SITE_ID and NETLIFY_PURGE_TOKEN in functions/.env.<project-id>).
 * Without both it logs and does nothing: the local server caches nothing. Never throws.
 */
export async function purgeCacheTags(
  tags: readonly string[],
  env: Record<string, string | undefined> = process.env,
  post: Post = fetch,
): Promise<PurgeOutcome> {
  if (tags.length === 0) return 'purged';
  const siteId = env.NETLIFY_SITE_ID?.trim();
  const token = env.NETLIFY_PURGE_TOKEN?.trim();
  if (!siteId || !token) {
    logger.info('cache purge skipped (no CDN configured; the local server caches nothing)', { tags });
    return 'skipped-local';
  }
  try {
    const response = await post('https://api.netlify.com/api/v1/purge', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ site_id: siteId, cache_tags: tags }),
      signal: AbortSignal.timeout(10_000),
    });
    if (response.ok) return 'purged';
    logger.warn('cache purge failed', { tags, status: response.status });
    return `failed: HTTP ${response.status}`;
  } catch (error) {
    logger.warn('cache purge failed', { tags, error });
    return `failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** An item page's tag with each owner's profile tag (before and after a move), once each. */
function withOwners(pageTag: string, ownersBeforeAndAfter: readonly (string | undefined)[]): string[] {
  const owners = [
    ...new Set(ownersBeforeAndAfter.filter((uid): uid is string => typeof uid === 'string' && uid !== '')),
  ];
  return [pageTag, ...owners.map(profileCacheTag)];
}

/**
 * The tags a book write touches: the book's page, its owner's profile (before and
 * after a move) and its series' page with the book pages of that series (before and
 * after a change of series), once each.
 */
export function bookTags(
  bookId: string,
  ownersBeforeAndAfter: readonly (string | undefined)[],
  seriesBeforeAndAfter: readonly unknown[] = [],
): string[] {
  const series = [
    ...new Set(
      seriesBeforeAndAfter.filter((slug): slug is string => typeof slug === 'string' && slug !== ''),
    ),
  ];
  return [...withOwners(bookCacheTag(bookId), ownersBeforeAndAfter), ...series.map(seriesCacheTag)];
}

/** The tags a product/service write touches: its page and its owner's profile, which lists it. */
export function productTags(itemId: string, ownersBeforeAndAfter: readonly (string | undefined)[]): string[] {
  return withOwners(productCacheTag(itemId), ownersBeforeAndAfter);
}

/** The tags a classified ad write touches: its page (the profile lists ads only in the owner's browser). */
export function adTags(adId: string): string[] {
  return [adCacheTag(adId)];
}

/** Fields whose change alone purges nothing (see the file comment). */
const COUNTED_FIELDS = ['views_count'] as const;

/** True when the write only moved the view count. */
export function onlyCountsChanged(
  before: Record<string, unknown> | undefined,
  after: Record<string, unknown> | undefined,
): boolean {
  return onlyFieldsChanged(before, after, COUNTED_FIELDS);
}

/** The page slugs a profile write touches (before and after), whose addresses may hold a stale answer. */
export function profileSlugs(before: unknown, after: unknown): string[] {
  return [before, after].filter((slug): slug is string => typeof slug === 'string' && slug !== '');
}
