/**
 * /sitemap.xml: the public pages that exist in this build, plus member profiles
 * and their active books and products/services once their routes exist. Pre-rendered: it changes with the
 * same rebuilds as the pages it lists (see docs/decisions.md "Sitemap").
 */
import type { APIRoute } from 'astro';
import {
  getActiveAdEntries,
  getCatalogueBookEntries,
  getActiveBookEntries,
  getActiveProductEntries,
  getEditorialEntries,
  getPublicProfileSitemap,
  getSeriesEntries,
  type SitemapEntry,
} from '../data/server/site/sitemap.ts';
import { xmlEscape } from '../domain/shared/escape.ts';
import { getEarlyAccess } from '../data/server/billing/early-access.ts';
import { featureShownOnSharedPages } from '../domain/billing/early-access.ts';

/** Public, indexable routes in menu order; account, admin and error screens are left out on purpose. */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/membership',
  '/book-communities',
  '/categories',
  '/free-books',
  '/free-ebooks',
  '/audiobooks',
  '/directory',
  '/classifieds',
  '/blog',
  '/newsletters',
  '/terms',
  '/privacy',
] as const;

// Only the file names are used: the route files that exist decide which URLs are listed,
// so a page that is not built yet never appears as a 404 in the sitemap.
const ROUTE_FILES = new Set(Object.keys(import.meta.glob('/src/pages/**/*.astro')));

/** True when src/pages has a file serving `route` (route.astro or route/index.astro). */
function routeExists(route: string): boolean {
  const base = route === '/' ? '/src/pages/index' : `/src/pages${route}`;
  return ROUTE_FILES.has(`${base}.astro`) || ROUTE_FILES.has(`${base}/index.astro`);
}

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const entries: SitemapEntry[] = PUBLIC_ROUTES.filter(routeExists).map((path) => ({ path }));
  // Books and products/services are listed only while active and of public owners, like their pages.
  const publicProfiles = await getPublicProfileSitemap();
  if (ROUTE_FILES.has('/src/pages/profile/[slug].astro')) entries.push(...publicProfiles.entries);
  if (ROUTE_FILES.has('/src/pages/book/[id].astro'))
    entries.push(...(await getActiveBookEntries(undefined, publicProfiles.uids)));
  // Catalogue books once members shelve or rate them, with their authors' pages.
  if (ROUTE_FILES.has('/src/pages/book/[id].astro') && ROUTE_FILES.has('/src/pages/authors/[slug].astro'))
    entries.push(...(await getCatalogueBookEntries()));
  // Series: those with a public book, like their pages; none while the series switch is off (the pages 404).
  if (
    ROUTE_FILES.has('/src/pages/series/[slug].astro') &&
    featureShownOnSharedPages(await getEarlyAccess(), 'series')
  )
    entries.push(...(await getSeriesEntries()));
  if (ROUTE_FILES.has('/src/pages/product-service/[id].astro'))
    entries.push(...(await getActiveProductEntries(undefined, publicProfiles.uids)));
  // Classified ads likewise: active ads of public sellers.
  if (ROUTE_FILES.has('/src/pages/classifieds/[id].astro'))
    entries.push(...(await getActiveAdEntries(undefined, publicProfiles.uids)));
  entries.push(...(await getEditorialEntries()));

  const urls = entries.map(({ path, lastModified }) => {
    const loc = `<loc>${xmlEscape(new URL(path, origin).href)}</loc>`;
    const lastmod = lastModified ? `<lastmod>${lastModified.toISOString().slice(0, 10)}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
