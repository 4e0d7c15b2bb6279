/**
 * Looking up a reading history's rows that name no book on Shelfmark yet (the reading
 * import): which source answer a row means, and the work a catalogue book is made of
 * when all a source gave is an edition found by ISBN or a search hit. Pure.
 */
import { searchWords } from '../shared/list-search.ts';
import { CATALOGUE_LIMITS } from '../books/catalogue-book.ts';
import type { CatalogueEditionHit, CatalogueSearchHit, CatalogueWork } from './catalogue-work.ts';

/** Most search hits read per row looked up by title and author. */
export const LOOK_UP_HITS = 5;

/** What a row says of its book. */
export interface RowBook {
  title: string;
  author: string;
  isbn13: string | null;
}

/** A Goodreads title's series suffix, "(The Hunger Games, #1)". */
const SERIES_SUFFIX = /\s*\([^()]*#\s*\d+(?:\.\d+)?\)\s*$/;

/** A title without its series suffix. */
function bareTitle(title: string): string {
  return title.replace(SERIES_SUFFIX, '').trim();
}

/** A title without its series suffix or its subtitle after a colon. */
function mainTitle(title: string): string {
  const bare = bareTitle(title);
  const colon = bare.indexOf(':');
  return colon > 0 ? bare.slice(0, colon).trim() : bare;
}

/** The query a row is searched with: its main title and its author. */
export function rowQuery(row: RowBook): string {
  return `${mainTitle(row.title)} ${row.author}`.trim();
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && a.length === b.length && a.every((word, i) => word === b[i]);
}

/** True when a hit's author is the row's: the same words in any order ('Austen, Jane' is 'Jane Austen'). */
function sameAuthor(rowAuthor: string, hitAuthors: readonly { name: string }[]): boolean {
  const wanted = [...new Set(searchWords(rowAuthor))].sort();
  if (wanted.length === 0) return true;
  return hitAuthors.some((author) => sameWords([...new Set(searchWords(author.name))].sort(), wanted));
}

/**
 * The search hit that is the row's book: its title's words are the row's (whole, or
 * without the subtitle or series suffix) and its author is the row's. Null when no
 * hit is; a near miss is never taken, since a wrong book on a member's shelf is
 * worse than one left for them to add.
 */
export function hitForRow(row: RowBook, hits: readonly CatalogueSearchHit[]): CatalogueSearchHit | null {
  const titlesOf = (title: string) => [searchWords(bareTitle(title)), searchWords(mainTitle(title))];
  const wanted = titlesOf(row.title);
  return (
    hits.find(
      (hit) =>
        titlesOf(hit.title).some((title) => wanted.some((words) => sameWords(words, title))) &&
        sameAuthor(row.author, hit.authors),
    ) ?? null
  );
}

/** The work of one or more editions found by ISBN (all of one work): what a catalogue book is made of without asking for the work. */
export function workOfEditionHits(hits: readonly CatalogueEditionHit[]): CatalogueWork {
  const first = hits[0]!;
  const editions = hits.map((hit) => hit.edition).slice(0, CATALOGUE_LIMITS.editions);
  return {
    source: first.source,
    sourceId: first.workId ?? first.edition.sourceId,
    title: first.title,
    authors: first.authors,
    description: null,
    subjects: [],
    coverId: editions.find((edition) => edition.coverId !== null)?.coverId ?? null,
    editions,
    editionCount: editions.length,
  };
}

/** The work of a search hit: its ISBNs as editions of which nothing else is known yet. */
export function workOfSearchHit(hit: CatalogueSearchHit): CatalogueWork {
  return {
    source: hit.source,
    sourceId: hit.sourceId,
    title: hit.title,
    authors: hit.authors,
    description: null,
    subjects: [],
    coverId: hit.coverId,
    editions: hit.isbn13.slice(0, CATALOGUE_LIMITS.editions).map((isbn, i) => ({
      sourceId: '',
      title: null,
      isbn13: [isbn],
      format: null,
      publisher: null,
      publishedDate: i === 0 && hit.firstPublishYear ? String(hit.firstPublishYear) : null,
      pages: null,
      language: null,
      coverId: null,
    })),
    editionCount: hit.editionCount,
  };
}
