// Cache tags on CDN-cached responses, so a change can purge exactly the pages it
// affects instead of waiting out s-maxage. Netlify reads Netlify-Cache-Tag (and
// strips it before the browser sees it); Cache-Tag is the name other CDNs use.
// The naming lives here alone: pages tag their responses with these helpers, and
// the purge after a save builds the same tag from the same function.

/** The tag of every response that shows a member's profile data (their profile page and its old-slug redirects). */
export function profileCacheTag(uid: string): string {
  return `profile-${uid}`;
}

/** Sets the cache-tag headers of a response to `tags` (comma-separated, as both headers expect). */
export function setCacheTags(headers: Headers, tags: readonly string[]): void {
  const value = tags.join(',');
  headers.set('Netlify-Cache-Tag', value);
  headers.set('Cache-Tag', value);
}
