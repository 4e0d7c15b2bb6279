/** Site-wide constants, kept in one place so pages and data modules agree. */

/** The product name shown where no site title is configured. */
export const SITE_NAME = 'Shelfmark';

/**
 * page_slug of the site owner's profile: it fills featured author slot 1 when
 * no profile is featured there.
 */
export const SITE_OWNER_SLUG: string = process.env.SITE_OWNER_SLUG || 'shelfmark-team';

/**
 * Cache-Control for pages rendered on demand. Browsers always revalidate
 * (max-age=0) so a member sees their own edits on reload, while the CDN keeps a
 * copy for a minute and may serve a stale copy for ten more while it refetches:
 * member pages stay fast under load and are never more than about a minute old.
 */
export const ON_DEMAND_CACHE_CONTROL = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';

/** The region the callable Cloud Functions are deployed in; the CSP's connect-src allows its host. */
export const FUNCTIONS_REGION = 'us-central1';

/**
 * Cache-Control of the search page and its suggestions: the CDN keeps an answer
 * five seconds at most, so an item hidden or published shows in results within
 * seconds (each instance applies the search change log every 2 s).
 */
export const SEARCH_CACHE_CONTROL = 'public, max-age=0, s-maxage=5';
