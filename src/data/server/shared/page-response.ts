// How an on-demand page (a book, a product/service, a profile, a classified ad)
// loads its data and answers: one place for the status, caching and cache-tag
// rules those pages share, so each page states only its load and its tags.
import { ON_DEMAND_CACHE_CONTROL } from '../../../config.ts';
import { setCacheTags } from './cache-tags.ts';

/** A page's data, and whether its load failed (then `data` is the not-found answer). */
export interface PageLoad<T> {
  data: T;
  failed: boolean;
}

/**
 * Runs a page's load. A load that throws is logged with `message` and answers
 * `notFound` with `failed` set: the page shows its not-found screen, with a 503.
 */
export async function loadPageData<T>(
  load: () => Promise<T>,
  notFound: T,
  message: string,
): Promise<PageLoad<T>> {
  try {
    return { data: await load(), failed: false };
  } catch (error) {
    console.error(message, error);
    return { data: notFound, failed: true };
  }
}

/** The part of Astro.response a page sets. */
export interface PageResponse {
  status?: number;
  headers: Headers;
}

/**
 * Sets an on-demand page's status and caching. A failed load is 503 and never
 * cached (crawlers retry, the CDN keeps no error). Otherwise the answer is
 * CDN-cached, 404 when nothing was found, and carries `tags` when given (a 404
 * too: when the thing appears again its address must be purged).
 */
export function setPageCaching(
  response: PageResponse,
  outcome: { failed: boolean; notFound: boolean; tags?: readonly string[] },
): void {
  if (outcome.failed) {
    response.status = 503;
    response.headers.set('Cache-Control', 'no-store');
    return;
  }
  response.headers.set('Cache-Control', ON_DEMAND_CACHE_CONTROL);
  if (outcome.notFound) response.status = 404;
  if (outcome.tags) setCacheTags(response.headers, outcome.tags);
}
