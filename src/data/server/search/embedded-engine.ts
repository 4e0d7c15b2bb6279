// The embedded search engine: MiniSearch in the server's memory, needing nothing
// installed. Chosen over Orama by measurement (docs/benchmarks.md, "Search"):
// MiniSearch takes the allowed typos per word (typosAllowed), where Orama takes
// one tolerance for the whole query, and it was faster and smaller at 20,000
// documents.
//
// Words go through the site's one tokenizer (searchWords: folded, accents and
// case ignored), both when indexing and when searching. Every word of a search
// must match (AND), each within its allowed typos or as the start of a word; a
// title match outweighs an author match, which outweighs the rest
// (FIELD_WEIGHTS); featured items win ties. Facets are counted over all
// matches (countFacets).
import MiniSearch, { type AsPlainObject, type Options, type Query, type SearchResult } from 'minisearch';
import { searchWords } from '../../../domain/shared/list-search.ts';
import {
  countFacets,
  emptySearchResults,
  FIELD_WEIGHTS,
  isbnTerm,
  isNumberTerm,
  matchedTerms,
  passesFilters,
  SEARCH_FIELDS,
  SEARCH_STOP_WORDS,
  SEARCH_PAGE_SIZE,
  typosAllowed,
  type SearchDocument,
  type SearchEngine,
  type SiteSearchParams,
  type SiteSearchResults,
} from '../../../domain/search/site-search.ts';

/** Most suggestions offered when nothing matched. */
const MAX_SUGGESTIONS = 5;

/**
 * One word of a search as a MiniSearch query. MiniSearch measures typos as
 * Levenshtein distance, where two swapped neighbouring letters are two edits;
 * the site counts a swap as one typo (typoDistance). So a word that may have
 * typos is asked as itself (with its typos, or as the start of a longer word)
 * or as any of its one-swap variants with one typo fewer. An ISBN (isbnTerm)
 * is asked exactly: no typos, no prefix; other digits (isNumberTerm) with no
 * typos, as the start of a word.
 */
function wordQuery(term: string): Query {
  const isbn = isbnTerm(term);
  if (isbn !== null) return { queries: [isbn], fuzzy: false, prefix: false };
  const allowed = typosAllowed(term);
  const itself: Query = { queries: [term], fuzzy: allowed, prefix: true };
  if (allowed === 0) return itself;
  const swapped = new Set<string>();
  for (let i = 0; i + 1 < term.length; i++) {
    if (term[i] === term[i + 1]) continue;
    swapped.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
  }
  return {
    combineWith: 'OR',
    queries: [
      itself,
      ...[...swapped].map((variant) => ({ queries: [variant], fuzzy: allowed - 1, prefix: false })),
    ],
  };
}

const INDEX_OPTIONS: Options<SearchDocument> = {
  fields: SEARCH_FIELDS,
  // The whole document is kept, so results need no second read.
  storeFields: [
    'id',
    'kind',
    'title',
    'author',
    'description',
    'category',
    'genres',
    'keywords',
    'price',
    'free_reading',
    'audiobook',
    'featured',
    'url',
    'image',
  ],
  extractField: (document, field) => {
    const value = (document as unknown as Record<string, unknown>)[field];
    return Array.isArray(value) ? value.join(' ') : (value as string);
  },
  tokenize: (text) => searchWords(text),
  // searchWords already folds. Descriptions are indexed without stop words
  // (SEARCH_STOP_WORDS); a search calls this without a field and keeps every word.
  processTerm: (term, field) => (field === 'description' && SEARCH_STOP_WORDS.has(term) ? null : term),
  searchOptions: {
    boost: { ...FIELD_WEIGHTS },
    combineWith: 'AND',
    // Each word of a search sets its own typos and prefix (wordQuery).
    maxFuzzy: 2,
  },
};

function newIndex(): MiniSearch<SearchDocument> {
  return new MiniSearch<SearchDocument>(INDEX_OPTIONS);
}

/** A result carries the stored document's fields (storeFields holds every one); read it as the document. */
function documentOf(result: SearchResult): SearchDocument {
  return result as unknown as SearchDocument;
}

/** An embedded engine; `fromJSON` restores one saved with `toJSON` without re-reading the documents. */
export class EmbeddedSearchEngine implements SearchEngine {
  #index: MiniSearch<SearchDocument>;

  constructor(index?: MiniSearch<SearchDocument>) {
    this.#index = index ?? newIndex();
  }

  /**
   * An engine from a snapshot written by `toJSON`, or null when the snapshot was
   * built with other fields (written before a field was added to the documents):
   * the caller then builds the index from the items, and the next snapshot has
   * the fields of today.
   */
  static fromJSON(json: string): EmbeddedSearchEngine | null {
    const plain = JSON.parse(json) as AsPlainObject;
    const indexed = Object.keys(plain.fieldIds ?? {}).sort();
    if (indexed.join(',') !== [...SEARCH_FIELDS].sort().join(',')) return null;
    // loadJS needs the same options the index was built with.
    return new EmbeddedSearchEngine(MiniSearch.loadJS<SearchDocument>(plain, INDEX_OPTIONS));
  }

  /** The index as JSON, for a snapshot. */
  toJSON(): string {
    return JSON.stringify(this.#index);
  }

  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    for (const document of documents) {
      if (this.#index.has(document.id)) this.#index.replace(document);
      else this.#index.add(document);
    }
  }

  async remove(ids: readonly string[]): Promise<void> {
    for (const id of ids) if (this.#index.has(id)) this.#index.discard(id);
  }

  async size(): Promise<number> {
    return this.#index.documentCount;
  }

  async search(params: SiteSearchParams): Promise<SiteSearchResults> {
    if (params.terms.length === 0) return emptySearchResults();
    const terms = matchedTerms(params.terms);
    const matches = this.#index.search({ combineWith: 'AND', queries: terms.map(wordQuery) });
    const documents = matches.map(documentOf);
    const facets = countFacets(documents, params);
    const kept: { result: SearchResult; document: SearchDocument }[] = [];
    matches.forEach((result, i) => {
      const document = documents[i]!;
      if (passesFilters(document, params)) kept.push({ result, document });
    });
    // Best score first; a featured item wins a tie. The sort is stable and the same
    // index gives equal scores the same order every time, so pages neither repeat
    // nor skip a result.
    kept.sort(
      (a, b) => b.result.score - a.result.score || Number(b.document.featured) - Number(a.document.featured),
    );
    const start = (params.page - 1) * SEARCH_PAGE_SIZE;
    const hits = kept.slice(start, start + SEARCH_PAGE_SIZE).map(({ result, document }) => ({
      document,
      matched: result.terms,
    }));
    return {
      total: kept.length,
      hits,
      facets,
      suggestions: kept.length === 0 ? this.#suggest(terms) : [],
    };
  }

  /**
   * The closest indexed words to a search that found nothing: each word with up to
   * two typos, any field, any word. ISBNs and other numbers are left out: the
   * closest ISBN is another book's, the closest number just another number.
   */
  #suggest(terms: readonly string[]): string[] {
    const query = terms.filter((term) => isbnTerm(term) === null && !isNumberTerm(term)).join(' ');
    if (query === '') return [];
    const suggestions = this.#index.autoSuggest(query, {
      combineWith: 'OR',
      fuzzy: 2,
      prefix: true,
    });
    return suggestions.slice(0, MAX_SUGGESTIONS).map((suggestion) => suggestion.suggestion);
  }
}
