// The search server adapter: Typesense, through its official client, for sites
// that outgrow one instance's memory (selected by configuration, see
// engine-config.ts). It keeps the port's contract (tests/unit/data/server/search/engine-contract.ts),
// run here against a local HTTP stand-in written from Typesense's API reference
// (tests/shared/typesense-stand-in.ts): no live Typesense server has run these tests.
//
// There is one text fold and one tokenizer on the site (src/domain/shared/list-search.ts), so
// Typesense never reads raw text: each searchable field is indexed as its folded
// words joined by spaces (`title_words`…), descriptions without stop words, and a
// search sends the folded words of matchedTerms. Typesense only splits on spaces.
// The raw fields are stored for display but not indexed.
//
// The port's rules in Typesense's terms: every word must match
// (drop_tokens_threshold 0); one typo from 5 letters and two from 9
// (min_len_1typo, min_len_2typo), none in numbers or ISBNs
// (enable_typos_for_numerical_tokens false); field weights (query_by_weights); featured items
// win ties (sort_by featured_rank after the text match). Facets are counted over
// every other filter (as the port says), which Typesense does not do by itself:
// each chosen filter gets one more search without it, in the same multi_search.
//
// Keys: the site holds a search-only key; only Cloud Functions, which index,
// hold the admin key. Neither ever reaches the browser (searches run on the server).
import { Client } from 'typesense';
import { searchWords } from '../../../domain/shared/list-search.ts';
import {
  emptySearchResults,
  FACET_MAX_VALUES,
  FIELD_WEIGHTS,
  isbnTerm,
  isNumberTerm,
  matchedTerms,
  PRICE_RANGES,
  priceRangeOf,
  SEARCH_KINDS,
  SEARCH_PAGE_SIZE,
  SEARCH_STOP_WORDS,
  searchDocumentSchema,
  type FacetCount,
  type PriceRange,
  type SearchDocument,
  type SearchEngine,
  type SearchFacets,
  type SearchField,
  type SearchKind,
  type SiteSearchParams,
  type SiteSearchResults,
} from '../../../domain/search/site-search.ts';

/** Where the engine is and which key it uses. */
export interface TypesenseConfig {
  /** The server's base URL, e.g. https://xyz.a1.typesense.net:443. */
  url: string;
  /** The admin key (Cloud Functions) or a search-only key (the site). */
  apiKey: string;
  /** The collection holding the site's documents. */
  collection: string;
  /** Seconds before a request gives up. */
  timeoutSeconds?: number;
}

/** The indexed words field of each searched field. */
const WORD_FIELDS: Readonly<Record<SearchField, string>> = {
  title: 'title_words',
  author: 'author_words',
  description: 'description_words',
  category: 'category_words',
  genres: 'genres_words',
  keywords: 'keywords_words',
};
const SEARCHED = Object.keys(FIELD_WEIGHTS) as SearchField[];
const QUERY_BY = SEARCHED.map((field) => WORD_FIELDS[field]).join(',');
const QUERY_BY_WEIGHTS = SEARCHED.map((field) => FIELD_WEIGHTS[field]).join(',');

/** The collection's schema (created when missing, by the admin key). */
export function typesenseSchema(name: string) {
  return {
    name,
    default_sorting_field: 'featured_rank',
    fields: [
      { name: 'kind', type: 'string', facet: true },
      { name: 'category', type: 'string', facet: true },
      { name: 'genres', type: 'string[]', facet: true },
      { name: 'price_range', type: 'string', facet: true, optional: true },
      { name: 'free_reading', type: 'bool', facet: true },
      { name: 'audiobook', type: 'bool', facet: true },
      { name: 'featured_rank', type: 'int32' },
      ...SEARCHED.map((field) => ({ name: WORD_FIELDS[field], type: 'string' })),
      // Kept for display, never searched.
      { name: 'title', type: 'string', index: false, optional: true },
      { name: 'author', type: 'string', index: false, optional: true },
      { name: 'description', type: 'string', index: false, optional: true },
      { name: 'keywords', type: 'string', index: false, optional: true },
      { name: 'url', type: 'string', index: false, optional: true },
      { name: 'image', type: 'string', index: false, optional: true },
      { name: 'featured', type: 'bool', index: false, optional: true },
      { name: 'price', type: 'float', index: false, optional: true },
    ],
  } as const;
}

/** A SearchDocument as Typesense stores it. */
export type TypesenseDocument = Omit<SearchDocument, 'price'> & {
  price?: number | null;
  price_range?: PriceRange;
  featured_rank: number;
} & Record<string, unknown>;

/** The folded words of a field, as one space-separated string. */
function words(text: string, dropStopWords = false): string {
  const all = searchWords(text);
  return (dropStopWords ? all.filter((word) => !SEARCH_STOP_WORDS.has(word)) : all).join(' ');
}

/** What the engine stores for a document. */
export function toTypesenseDocument(document: SearchDocument): TypesenseDocument {
  const range = priceRangeOf(document.price);
  const stored: TypesenseDocument = {
    ...document,
    featured_rank: document.featured ? 1 : 0,
    title_words: words(document.title),
    author_words: words(document.author),
    description_words: words(document.description, true),
    category_words: words(document.category),
    genres_words: words(document.genres.join(' ')),
    keywords_words: words(document.keywords),
  };
  if (range) stored.price_range = range;
  // An item without a price has no price field (read back as null).
  if (document.price === null) delete stored.price;
  return stored;
}

/** The SearchDocument back from a stored one (extra fields dropped; a malformed one is skipped). */
function fromTypesenseDocument(stored: Record<string, unknown>): SearchDocument | null {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(searchDocumentSchema.shape)) if (key in stored) picked[key] = stored[key];
  const parsed = searchDocumentSchema.safeParse(picked);
  return parsed.success ? parsed.data : null;
}

/** A value quoted for filter_by: backticks keep commas, colons and operators literal. */
function quoted(value: string): string {
  return `\`${value.replace(/`/g, '')}\``;
}

type FilterName = 'kind' | 'category' | 'genre' | 'price' | 'freeReading' | 'audiobook';

/** filter_by for `params`, leaving out `skip` (to count that facet over the other filters). */
export function filterBy(params: SiteSearchParams, skip?: FilterName): string {
  const parts: string[] = [];
  if (skip !== 'kind' && params.kind) parts.push(`kind:=${quoted(params.kind)}`);
  if (skip !== 'category' && params.category) parts.push(`category:=${quoted(params.category)}`);
  if (skip !== 'genre' && params.genre) parts.push(`genres:=${quoted(params.genre)}`);
  if (skip !== 'price' && params.price) parts.push(`price_range:=${quoted(params.price)}`);
  if (skip !== 'freeReading' && params.freeReading) parts.push('free_reading:=true');
  if (skip !== 'audiobook' && params.audiobook) parts.push('audiobook:=true');
  return parts.join(' && ');
}

/** The Typesense field counted for each facet of the port. */
const FACET_FIELDS: Readonly<Record<FilterName, string>> = {
  kind: 'kind',
  category: 'category',
  genre: 'genres',
  price: 'price_range',
  freeReading: 'free_reading',
  audiobook: 'audiobook',
};

interface FacetCountsResponse {
  field_name: string;
  counts: { value: string; count: number }[];
}
interface HitResponse {
  document: Record<string, unknown>;
  highlights?: { field: string; matched_tokens?: string[] | string[][] }[];
}
interface SearchResponse {
  found?: number;
  hits?: HitResponse[];
  facet_counts?: FacetCountsResponse[];
  error?: string;
  code?: number;
}

function countsOf(response: SearchResponse, field: string): FacetCount[] {
  return (response.facet_counts ?? []).find((facet) => facet.field_name === field)?.counts ?? [];
}

function ordered<T extends string>(counts: FacetCount[], order: readonly T[]): FacetCount<T>[] {
  return counts
    .filter((count): count is FacetCount<T> => (order as readonly string[]).includes(count.value))
    .sort((a, b) => order.indexOf(a.value) - order.indexOf(b.value));
}

function byCount(counts: FacetCount[]): FacetCount[] {
  return [...counts]
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .slice(0, FACET_MAX_VALUES);
}

const trueCount = (counts: FacetCount[]) => counts.find((count) => count.value === 'true')?.count ?? 0;

/** The folded indexed words a hit matched, from its highlights. */
function matchedWords(hit: HitResponse): string[] {
  const found = new Set<string>();
  for (const highlight of hit.highlights ?? [])
    for (const token of (highlight.matched_tokens ?? []).flat())
      for (const word of searchWords(token)) found.add(word);
  return [...found];
}

/** Most suggestions offered when nothing matched. */
const MAX_SUGGESTIONS = 5;

export class TypesenseSearchEngine implements SearchEngine {
  readonly #client: Client;
  readonly #collection: string;
  #ensured: Promise<void> | null = null;

  constructor(config: TypesenseConfig) {
    this.#collection = config.collection;
    this.#client = new Client({
      nodes: [{ url: config.url }],
      apiKey: config.apiKey,
      connectionTimeoutSeconds: config.timeoutSeconds ?? 5,
      numRetries: 2,
      retryIntervalSeconds: 0.1,
      // The key goes in a header, never in a URL a log could keep.
      sendApiKeyAsQueryParam: false,
      logLevel: 'error',
    });
  }

  /** Creates the collection when it does not exist yet (admin key). */
  async ensureCollection(): Promise<void> {
    this.#ensured ??= (async () => {
      try {
        await this.#client.collections(this.#collection).retrieve();
      } catch (error) {
        if ((error as { httpStatus?: number }).httpStatus !== 404) throw error;
        await this.#client.collections().create(typesenseSchema(this.#collection) as never);
      }
    })().catch((error: unknown) => {
      this.#ensured = null;
      throw error;
    });
    await this.#ensured;
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    if (documents.length === 0) return;
    await this.ensureCollection();
    // The client throws an ImportError naming the documents that failed.
    await this.#client
      .collections(this.#collection)
      .documents()
      .import(documents.map(toTypesenseDocument) as never[], { action: 'upsert' });
  }

  async remove(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.ensureCollection();
    // One request per 100 ids; ids the engine does not hold are simply not deleted.
    for (let i = 0; i < ids.length; i += 100) {
      const batch = ids.slice(i, i + 100);
      await this.#client
        .collections(this.#collection)
        .documents()
        .delete({ filter_by: `id:[${batch.map(quoted).join(',')}]` });
    }
  }

  async size(): Promise<number> {
    // A search for everything, so a search-only key can answer it too.
    const [all] = await this.#multiSearch([{ q: '*', per_page: 0 }]);
    return all?.found ?? 0;
  }

  async search(params: SiteSearchParams): Promise<SiteSearchResults> {
    if (params.terms.length === 0) return emptySearchResults();
    const terms = matchedTerms(params.terms).map((term) => isbnTerm(term) ?? term);
    // An ISBN matches exactly (isbnTerm), and no number has typos (typosAllowed).
    // Typesense sets typos per query or per field, but enable_typos_for_numerical_tokens
    // takes them from every all-digit word alone, so the other words keep theirs.
    // Only the last word is a prefix: ISBNs go first, so a word after them keeps
    // its prefix and an ISBN never has one. Every word must match, so the order
    // changes no match.
    const isbns = terms.filter((term) => isbnTerm(term) !== null);
    const queryTerms = [...isbns, ...terms.filter((term) => isbnTerm(term) === null)];
    // An ISBN-shaped word that is not all digits (ten characters ending in an X
    // that is no valid ISBN-10) would keep its typos: then the whole search is exact.
    const exact = isbns.some((term) => !isNumberTerm(term));
    const lastIsIsbn = isbns.length === queryTerms.length;
    const text = {
      q: queryTerms.join(' '),
      query_by: QUERY_BY,
      query_by_weights: QUERY_BY_WEIGHTS,
      prefix: !exact && !lastIsIsbn,
      num_typos: exact ? 0 : 2,
      enable_typos_for_numerical_tokens: false,
      min_len_1typo: 5,
      min_len_2typo: 9,
      drop_tokens_threshold: 0,
      typo_tokens_threshold: SEARCH_PAGE_SIZE,
    };
    // A facet a visitor chose is counted over the other filters: one more search without it.
    const chosen = (Object.keys(FACET_FIELDS) as FilterName[]).filter((name) => isChosen(params, name));
    const [main, ...others] = await this.#multiSearch([
      {
        ...text,
        filter_by: filterBy(params),
        facet_by: Object.values(FACET_FIELDS).join(','),
        max_facet_values: FACET_MAX_VALUES,
        sort_by: '_text_match:desc,featured_rank:desc',
        page: params.page,
        per_page: SEARCH_PAGE_SIZE,
      },
      ...chosen.map((name) => ({
        ...text,
        filter_by: filterBy(params, name),
        facet_by: FACET_FIELDS[name],
        max_facet_values: FACET_MAX_VALUES,
        per_page: 0,
      })),
    ]);
    const facetsFrom = (name: FilterName): FacetCount[] => {
      const index = chosen.indexOf(name);
      const response = index === -1 ? main : others[index];
      return countsOf(response ?? {}, FACET_FIELDS[name]);
    };
    const facets: SearchFacets = {
      kind: ordered<SearchKind>(facetsFrom('kind'), SEARCH_KINDS),
      category: byCount(facetsFrom('category')),
      genre: byCount(facetsFrom('genre')),
      price: ordered<PriceRange>(facetsFrom('price'), PRICE_RANGES),
      freeReading: trueCount(facetsFrom('freeReading')),
      audiobook: trueCount(facetsFrom('audiobook')),
    };
    const hits = (main?.hits ?? []).flatMap((hit) => {
      const document = fromTypesenseDocument(hit.document);
      return document ? [{ document, matched: matchedWords(hit) }] : [];
    });
    const total = main?.found ?? 0;
    return { total, hits, facets, suggestions: total === 0 ? await this.#suggest(terms) : [] };
  }

  /**
   * The closest indexed words to a search that found nothing: any word, up to two
   * typos each. ISBNs and other numbers are left out: the closest ISBN is another
   * book's, the closest number just another number.
   */
  async #suggest(terms: readonly string[]): Promise<string[]> {
    const q = terms.filter((term) => isbnTerm(term) === null && !isNumberTerm(term)).join(' ');
    if (q === '') return [];
    const [loose] = await this.#multiSearch([
      {
        q,
        query_by: QUERY_BY,
        prefix: true,
        num_typos: 2,
        min_len_1typo: 3,
        min_len_2typo: 6,
        // Words that still match nothing are dropped until something does.
        drop_tokens_threshold: 1,
        per_page: MAX_SUGGESTIONS,
      },
    ]);
    const suggestions = new Set<string>();
    for (const hit of loose?.hits ?? []) for (const word of matchedWords(hit)) suggestions.add(word);
    return [...suggestions].slice(0, MAX_SUGGESTIONS);
  }

  /** Runs searches in one request; a failed search throws, like any other failure. */
  async #multiSearch(searches: Record<string, unknown>[]): Promise<SearchResponse[]> {
    const response = (await this.#client.multiSearch.perform({
      searches: searches.map((search) => ({ collection: this.#collection, ...search })),
    } as never)) as unknown as { results: SearchResponse[] };
    for (const result of response.results)
      if (result.error) throw new Error(`Typesense search failed (${result.code ?? '?'}): ${result.error}`);
    return response.results;
  }
}

/** True when the visitor filtered by `name`. */
function isChosen(params: SiteSearchParams, name: FilterName): boolean {
  const value = params[name];
  return value !== null && value !== false;
}
