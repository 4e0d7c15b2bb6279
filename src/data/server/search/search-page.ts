// The answer of the /search page and of GET /api/search/suggest: the early-access
// guard, the visitor's query read leniently, and the search through this
// instance's index (SiteIndex, whichever engine it holds).
//
// Who may search follows the 'search' switch. On 'everyone' the pages are the same
// for every viewer (CDN-cached). On 'Premium members' a visitor's request gets the
// 'members' answer (the page says search is for Premium members); a signed-in
// member's browser asks again with its ID token (`Authorization: Bearer`, and the
// `member` parameter so no shared cache ever holds the answer), and a Premium
// member in good standing gets the results, never cached. On 'off' nobody searches.
import { canUseFeature, featurePosition } from '../../../domain/billing/early-access.ts';
import { bearerToken, memberStanding, verifyCaller } from '../accounts/auth.ts';
import { getEarlyAccess, viewerOf } from '../billing/early-access.ts';
import {
  emptySearchResults,
  parseSiteSearchParams,
  type SiteSearchParams,
  type SiteSearchResults,
} from '../../../domain/search/site-search.ts';
import { siteIndex } from './site-index.ts';

/** What the page needs of an index: a search (SiteIndex, or a stand-in in tests). */
export interface SearchIndex {
  search(params: SiteSearchParams): Promise<SiteSearchResults>;
}

/**
 * The search's answer: not offered (a 404), offered to Premium members only and
 * this request is not one (the page says so), failed (a 503, not cached), or results.
 */
export type SiteSearchAnswer =
  | { state: 'unavailable' }
  | { state: 'members' }
  | { state: 'failed'; params: SiteSearchParams }
  | { state: 'ok'; params: SiteSearchParams; results: SiteSearchResults };

/** Whether one request may search: yes; only Premium members may and it is not one; no. */
export type SearchAccess = 'yes' | 'members' | 'no';

export interface SiteSearchDeps {
  /** Whether this request may search. */
  access: () => Promise<SearchAccess>;
  index: () => SearchIndex;
}

/** Whether the member `uid` (null: a visitor) may search now, by the 'search' switch. */
export async function searchAccessOf(uid: string | null): Promise<SearchAccess> {
  const [settings, viewer] = await Promise.all([getEarlyAccess(), uid === null ? null : viewerOf(uid)]);
  if (canUseFeature(settings, 'search', viewer)) return 'yes';
  return featurePosition(settings, 'search') === 'premium' ? 'members' : 'no';
}

/**
 * Who asks: the member of a valid ID token in good standing (approved and
 * active), else a visitor (null). `personal` is true when the request carried a
 * token or the `member` parameter: its answer is for this person only and must
 * not be cached. Throws when Auth cannot be reached.
 */
export async function searchViewer(
  request: Request,
  url: URL,
): Promise<{ uid: string | null; personal: boolean }> {
  const token = bearerToken(request.headers.get('authorization'));
  const personal = token !== null || url.searchParams.has('member');
  if (token === null) return { uid: null, personal };
  const caller = await verifyCaller(token);
  const standing = caller ? await memberStanding(caller.uid) : null;
  const inGoodStanding = standing?.is_active === true && standing.approval_status === 'approved';
  return { uid: caller && inGoodStanding ? caller.uid : null, personal };
}

/** The page's and the suggestions' dependencies for the viewer `uid`. */
export function searchDepsFor(uid: string | null): SiteSearchDeps {
  return { access: () => searchAccessOf(uid), index: siteIndex };
}

/** No results: what a search without usable words answers (the index is not even loaded). */
export const NO_RESULTS: SiteSearchResults = emptySearchResults();

/**
 * Answers a search URL's query. Any query string answers (invalid parts are
 * dropped by parseSiteSearchParams); an engine failure is logged and answers
 * 'failed', never an exception.
 */
export async function answerSiteSearch(
  query: URLSearchParams,
  deps: SiteSearchDeps = searchDepsFor(null),
): Promise<SiteSearchAnswer> {
  const access = await deps.access();
  if (access === 'no') return { state: 'unavailable' };
  if (access === 'members') return { state: 'members' };
  const params = parseSiteSearchParams(query);
  if (params.terms.length === 0) return { state: 'ok', params, results: NO_RESULTS };
  try {
    return { state: 'ok', params, results: await deps.index().search(params) };
  } catch (error) {
    console.error('The site search failed.', error);
    return { state: 'failed', params };
  }
}
