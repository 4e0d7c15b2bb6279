// The pages the SEO and accessibility sweeps visit: whatever /sitemap.xml lists,
// so a new public page is checked as soon as it exists and is in the sitemap.
import type { APIRequestContext } from '@playwright/test';

/** One sitemap entry: the URL as listed (on the configured site) and the path to visit on the server under test. */
export interface SitemapPage {
  loc: string;
  path: string;
}

/** Pages per dynamic route kind (/profile/…, /book/…) worth sweeping: their template is the same. */
const SAMPLES_PER_DYNAMIC_ROUTE = 3;
const DYNAMIC_PREFIXES = [
  '/profile/',
  '/book/',
  '/blog/',
  '/newsletters/',
  '/product-service/',
  '/classifieds/',
  '/series/',
  '/authors/',
];

/** Every <loc> of /sitemap.xml, in order. */
export async function sitemapLocs(request: APIRequestContext): Promise<string[]> {
  const response = await request.get('/sitemap.xml');
  if (!response.ok()) throw new Error(`/sitemap.xml answered HTTP ${response.status()}`);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => (m[1] as string).replace(/&amp;/g, '&'));
}

/**
 * The sitemap's pages to sweep: every static page, and the first few of each
 * member-owned route (hundreds of profiles share one template).
 */
export async function sitemapPages(request: APIRequestContext): Promise<SitemapPage[]> {
  const seen = new Map<string, number>();
  const pages: SitemapPage[] = [];
  for (const loc of await sitemapLocs(request)) {
    const url = new URL(loc);
    const prefix = DYNAMIC_PREFIXES.find((p) => url.pathname.startsWith(p));
    if (prefix) {
      const count = (seen.get(prefix) ?? 0) + 1;
      seen.set(prefix, count);
      if (count > SAMPLES_PER_DYNAMIC_ROUTE) continue;
    }
    pages.push({ loc, path: `${url.pathname}${url.search}` });
  }
  return pages;
}
