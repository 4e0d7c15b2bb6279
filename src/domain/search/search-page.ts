// What the /search page and the header box's suggestions show of a search's
// results (src/domain/search/site-search.ts is the search itself): the links that set
// or clear one filter, the snippet of a description, and the suggestions the
// header box lists, with the schema the endpoint and the box share.
import { z } from 'zod';
import {
  highlight,
  SEARCH_KIND_LABELS,
  SEARCH_KINDS,
  siteSearchHref,
  type HighlightSegment,
  type SearchHit,
  type SiteSearchParams,
} from './site-search.ts';

/** The filters a visitor can set from the results page, as siteSearchHref takes them. */
export type SearchFilters = Omit<SiteSearchParams, 'terms' | 'notes'>;

/** The filters of `params`, without the search words' folding and notes. */
export function filtersOf(params: SiteSearchParams): SearchFilters {
  const { terms: _terms, notes: _notes, ...filters } = params;
  return filters;
}

/**
 * The URL that sets (or, when `value` is what is set, clears) one filter and
 * keeps the others: a new filter always starts again at page 1.
 */
export function toggleFilterHref<K extends keyof Omit<SearchFilters, 'text' | 'page'>>(
  params: SiteSearchParams,
  name: K,
  value: SearchFilters[K],
): string {
  const filters = filtersOf(params);
  const cleared = (
    filters[name] === value ? (typeof value === 'boolean' ? false : null) : value
  ) as SearchFilters[K];
  return siteSearchHref({ ...filters, [name]: cleared, page: 1 });
}

/** The URL of another page of the same search. */
export function pageHref(params: SiteSearchParams, page: number): string {
  return siteSearchHref({ ...filtersOf(params), page });
}

/** Longest snippet of a description a result shows. */
export const SNIPPET_MAX_LENGTH = 200;

/**
 * The part of a description a result shows: from a little before its first
 * matched word (so the reader sees why it matched), cut at word boundaries to
 * SNIPPET_MAX_LENGTH, with an ellipsis where text was left out.
 */
export function snippetOf(description: string, matched: readonly string[]): HighlightSegment[] {
  const text = description.replace(/\s+/g, ' ').trim();
  if (text.length <= SNIPPET_MAX_LENGTH) return highlight(text, matched);
  const segments = highlight(text, matched);
  let offset = 0;
  let firstMatch = 0;
  for (const segment of segments) {
    if (segment.match) {
      firstMatch = offset;
      break;
    }
    offset += segment.text.length;
  }
  let start = Math.max(0, firstMatch - 40);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > firstMatch ? firstMatch : space + 1;
  }
  let end = Math.min(text.length, start + SNIPPET_MAX_LENGTH);
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > start) end = space;
  }
  const cut = `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  return highlight(cut, matched);
}

/** Most suggestions the header box lists. */
export const SUGGEST_MAX_ITEMS = 6;
/** Fewest characters the header box asks suggestions for. */
export const SUGGEST_MIN_LENGTH = 2;

/** One suggestion of the header box: a result's title (in segments, matched words marked), its kind and its page. */
export const searchSuggestionSchema = z.strictObject({
  title: z.array(z.strictObject({ text: z.string(), match: z.boolean() })).max(200),
  kind: z.enum(SEARCH_KINDS),
  url: z.string().regex(/^\/[^\s/][^\s]*$|^\/$/),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

/** What GET /api/search/suggest answers. */
export const searchSuggestionsSchema = z.strictObject({
  suggestions: z.array(searchSuggestionSchema).max(SUGGEST_MAX_ITEMS),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** The header box's suggestions from a search's first results. */
export function suggestionsOf(hits: readonly SearchHit[]): SearchSuggestions {
  return {
    suggestions: hits.slice(0, SUGGEST_MAX_ITEMS).map((hit) => ({
      title: highlight(hit.document.title, hit.matched),
      kind: hit.document.kind,
      url: hit.document.url,
    })),
  };
}

/** How the header box names a suggestion's kind (singular). */
export const SEARCH_KIND_NAMES: Readonly<Record<(typeof SEARCH_KINDS)[number], string>> = {
  book: 'Book',
  author: 'Author',
  product: 'Product or service',
  ad: 'Classified ad',
  post: 'Post',
};

export { SEARCH_KIND_LABELS };
