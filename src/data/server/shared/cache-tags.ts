// Cache tags on CDN-cached responses, so a change can purge exactly the pages it
// affects instead of waiting out s-maxage. Netlify reads Netlify-Cache-Tag (and
// strips it before the browser sees it); Cache-Tag is the name other CDNs use.
// The naming lives here alone: pages tag their responses with these helpers, and
// the purge after a change builds the same tags from the same functions.

/** The tag of every response that shows a member's profile data (their profile page and its old-slug redirects). */
export function profileCacheTag(uid: string): string {
  return `profile-${uid}`;
}

/**
 * The tag of every response at /profile/{slug}, including a 404: when a member
 * takes a slug (sign-up, a slug change, an approval), a "not found" the CDN kept
 * for that address must go too, and it belongs to no member yet.
 */
export function profileSlugCacheTag(slug: string): string {
  return `profile-slug-${slug}`;
}

/** What to purge after a member's profile changed: their pages, and the addresses (current and previous slugs) that may hold a stale answer. */
export function memberPurgeTags(uid: string, slugs: readonly string[]): string[] {
  return [profileCacheTag(uid), ...new Set(slugs.map(profileSlugCacheTag))];
}

/** Sets the cache-tag headers of a response to `tags` (comma-separated, as both headers expect). */
export function setCacheTags(headers: Headers, tags: readonly string[]): void {
  const value = tags.join(',');
  headers.set('Netlify-Cache-Tag', value);
  headers.set('Cache-Tag', value);
}

/** The tag of every response that shows one book (its page; the owner's profile carries the profile tag). */
export function bookCacheTag(bookId: string): string {
  return `book-${bookId}`;
}

/** The tag of every response that shows one product/service (its page). */
export function productCacheTag(itemId: string): string {
  return `product-${itemId}`;
}

/** The tag of every response that shows one classified ad (its page; it also carries its seller's profile tag). */
export function adCacheTag(adId: string): string {
  return `ad-${adId}`;
}

/**
 * The tag of every response that shows a series: its page /series/{slug} (a 404
 * too, so the series' first public book purges it) and the book pages of its books
 * (their series line and previous/next). A write to a book purges the tag of its
 * series before and after the write.
 */
export function seriesCacheTag(slug: string): string {
  return `series-${slug}`;
}
