// GET /api/search/suggest?q=: the header search box's suggestions, the first
// results of the same search the /search page answers (only `q` is read; it is
// bounded and folded as there), as `{ suggestions }` (searchSuggestionsSchema).
// CDN-cached like the page; 404 while the 'search' switch does not let this
// viewer use search, 503 (not cached) when the search failed. On 'Premium
// members' the box of a Premium member asks with its ID token and `member=1`:
// that answer is personal, never cached (search-page.ts).
import type { APIRoute } from 'astro';
import { SEARCH_CACHE_CONTROL } from '../../../config.ts';
import {
  answerSiteSearch,
  searchDepsFor,
  searchViewer,
  type SiteSearchAnswer,
} from '../../../data/server/search/search-page.ts';
import { suggestionsOf } from '../../../domain/search/search-page.ts';
import { parseSiteSearchParams } from '../../../domain/search/site-search.ts';

export const prerender = false;

export const GET: APIRoute = async ({ url, request }) => {
  const query = new URLSearchParams();
  const q = url.searchParams.get('q');
  if (q !== null) query.set('q', q);
  let answer: SiteSearchAnswer;
  let personal = false;
  try {
    const viewer = await searchViewer(request, url);
    personal = viewer.personal;
    answer = await answerSiteSearch(query, searchDepsFor(viewer.uid));
  } catch (error) {
    console.error('The search suggestions could not tell who asks.', error);
    answer = { state: 'failed', params: parseSiteSearchParams(query) };
  }
  const shared = personal ? 'private, no-store' : SEARCH_CACHE_CONTROL;
  const json = (status: number, body: unknown, cache: string) =>
    new Response(JSON.stringify(body), {
      status,
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Cache-Control': cache,
        Vary: 'Authorization',
      },
    });
  if (answer.state === 'unavailable' || answer.state === 'members')
    return json(404, { error: 'Not found' }, shared);
  if (answer.state === 'failed')
    return json(503, { error: 'Search is not available right now.' }, 'no-store');
  return json(200, suggestionsOf(answer.results.hits), shared);
};
