// The answer of the /search page and of GET /api/search/suggest: the early-access
// guard, the visitor's query read leniently, and the search through this
// instance's index (SiteIndex, whichever engine it holds). The pages are the
// same for every viewer (CDN-cached), so the search is offered when the
// 'search' switch lets a visitor use it, never decided per member.
import { canViewerUseFeature } from '../early-access.ts';
import {
  emptySearchResults,
  parseSiteSearchParams,
  type SiteSearchParams,
  type SiteSearchResults,
} from '../../../domain/site-search.ts';
import { siteIndex } from './site-index.ts';

/** What the page needs of an index: a search (SiteIndex, or a stand-in in tests). */
export interface SearchIndex {
  search(params: SiteSearchParams): Promise<SiteSearchResults>;
}

/** The search's answer: not offered (a 404), failed (a 503, not cached), or results. */
export type SiteSearchAnswer =
  | { state: 'unavailable' }
  | { state: 'failed'; params: SiteSearchParams }
  | { state: 'ok'; params: SiteSearchParams; results: SiteSearchResults };

export interface SiteSearchDeps {
  /** True when the search is offered to a visitor. */
  offered: () => Promise<boolean>;
  index: () => SearchIndex;
}

const DEFAULT_DEPS: SiteSearchDeps = {
  offered: () => canViewerUseFeature('search', null),
  index: siteIndex,
};

/** No results: what a search without usable words answers (the index is not even loaded). */
export const NO_RESULTS: SiteSearchResults = emptySearchResults();

/**
 * Answers a search URL's query. Any query string answers (invalid parts are
 * dropped by parseSiteSearchParams); an engine failure is logged and answers
 * 'failed', never an exception.
 */
export async function answerSiteSearch(
  query: URLSearchParams,
  deps: SiteSearchDeps = DEFAULT_DEPS,
): Promise<SiteSearchAnswer> {
  if (!(await deps.offered())) return { state: 'unavailable' };
  const params = parseSiteSearchParams(query);
  if (params.terms.length === 0) return { state: 'ok', params, results: NO_RESULTS };
  try {
    return { state: 'ok', params, results: await deps.index().search(params) };
  } catch (error) {
    console.error('The site search failed.', error);
    return { state: 'failed', params };
  }
}
