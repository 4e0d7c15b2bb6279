// GET /api/search/suggest?q=: the header search box's suggestions, the first
// results of the same search the /search page answers (only `q` is read; it is
// bounded and folded as there), as `{ suggestions }` (searchSuggestionsSchema).
// CDN-cached like the page; 404 while the 'search' switch does not let visitors
// use search, 503 (not cached) when the search failed.
import type { APIRoute } from 'astro';
import { SEARCH_CACHE_CONTROL } from '../../../config.ts';
import { answerSiteSearch } from '../../../data/server/search/search-page.ts';
import { suggestionsOf } from '../../../domain/search-page.ts';

export const prerender = false;

export const GET: APIRoute = async ({ url }) => {
  const query = new URLSearchParams();
  const q = url.searchParams.get('q');
  if (q !== null) query.set('q', q);
  const answer = await answerSiteSearch(query);
  const json = (status: number, body: unknown, cache: string) =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': cache },
    });
  if (answer.state === 'unavailable') return json(404, { error: 'Not found' }, SEARCH_CACHE_CONTROL);
  if (answer.state === 'failed')
    return json(503, { error: 'Search is not available right now.' }, 'no-store');
  return json(200, suggestionsOf(answer.results.hits), SEARCH_CACHE_CONTROL);
};
