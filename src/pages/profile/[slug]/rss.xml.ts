/**
 * /profile/{slug}/rss.xml: an author's newest updates as RSS 2.0, each item
 * linking to the update on the profile page. Rendered on demand and cached by
 * the CDN like the profile page, under the same cache tags, so what purges the
 * page purges its feed; an unknown or non-public profile answers 404, a failed
 * load 503 (not cached).
 */
import type { APIRoute } from 'astro';
import { loadUpdatesFeed, type UpdatesFeedData } from '../../../data/server/updates/author-updates.ts';
import { profileCacheTag, profileSlugCacheTag } from '../../../data/server/shared/cache-tags.ts';
import {
  loadPageData,
  setPageCaching,
  type PageResponse,
} from '../../../data/server/shared/page-response.ts';
import { authorUpdatesFeed } from '../../../domain/updates/author-update-page.ts';
import { RSS_CONTENT_TYPE, buildSiteRss } from '../../../domain/shared/rss.ts';
import { getEarlyAccess } from '../../../data/server/billing/early-access.ts';
import { featureShownOnSharedPages } from '../../../domain/billing/early-access.ts';

export const prerender = false;

export const GET: APIRoute = async ({ params, site }) => {
  const slug = params.slug ?? '';
  const { data, failed } = await loadPageData<UpdatesFeedData>(
    // With the updates switch off the feed is gone (404), as the profile's updates are.
    async () => {
      const [switches, feed] = await Promise.all([getEarlyAccess(), loadUpdatesFeed(slug)]);
      return featureShownOnSharedPages(switches, 'author_updates') ? feed : null;
    },
    null,
    `Failed to load the updates feed of profile ${slug}.`,
  );
  const response: PageResponse = { headers: new Headers() };
  setPageCaching(response, {
    failed,
    notFound: data === null,
    tags: [...(data ? [profileCacheTag(data.profile.user_id)] : []), profileSlugCacheTag(slug)],
  });
  if (!data) {
    response.headers.set('Content-Type', 'text/plain; charset=utf-8');
    return new Response(failed ? 'Service unavailable' : 'Not found', {
      status: response.status,
      headers: response.headers,
    });
  }
  response.headers.set('Content-Type', RSS_CONTENT_TYPE);
  const body = buildSiteRss(
    site ?? new URL('http://localhost:4321'),
    authorUpdatesFeed(data.profile, data.updates),
  );
  return new Response(body, { status: response.status ?? 200, headers: response.headers });
};
