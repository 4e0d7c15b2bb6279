// Raw HTML of the pages the page-level sweeps check (html-valid, first-paint): as the
// server sends it, before any script runs, the way a validator or crawler sees it.
import type { APIRequestContext } from '@playwright/test';

/** Pages outside the sitemap (noindex) that visitors still reach, with the status each answers. */
export const EXTRA_PAGES = [
  { path: '/auth', status: 200 },
  { path: '/pending-approval', status: 200 },
  { path: '/profile-edit', status: 200 },
  { path: '/no-such-page-for-the-checker', status: 404 },
  { path: '/profile/no-such-member-for-the-checker', status: 404 },
];

/** The HTML the server sends for each path (as a validator or crawler sees it, before any script runs). */
export async function fetchPages(request: APIRequestContext, pages: { path: string; status: number }[]) {
  const problems: string[] = [];
  const bodies: { path: string; html: string }[] = [];
  for (const { path, status } of pages) {
    const response = await request.get(path, { maxRedirects: 0 });
    if (response.status() !== status) problems.push(`${path}: HTTP ${response.status()}, expected ${status}`);
    else bodies.push({ path, html: await response.text() });
  }
  return { bodies, problems };
}
