/**
 * Open Library's records (openlibrary-records.ts) mapped into Shelfmark's catalogue
 * shapes (catalogue-work.ts). Pure: no fetching, so the site and the functions can
 * both use it. Open Library's ids are its keys' last part (`/works/OL45883W` →
 * `OL45883W`); its cover ids are positive (it writes -1 for a removed cover).
 */
import { parseIsbn } from '../books/isbn.ts';
import type {
  CatalogueAuthor,
  CatalogueAuthorRef,
  CatalogueEdition,
  CatalogueEditionHit,
  CatalogueSearchHit,
  CatalogueWork,
} from './catalogue-work.ts';
import type {
  OlAuthor,
  OlBooksDataEntry,
  OlBooksDetailsEntry,
  OlEdition,
  OlSearchDoc,
  OlWork,
  OlWorkEditions,
} from './openlibrary-records.ts';

/** The id at the end of an Open Library key or URL: `/authors/OL21594A` → `OL21594A`; null when there is none. */
export function olidOf(keyOrUrl: string): string | null {
  const match =
    /\/(?:works|books|authors)\/(OL\d+[WMA])(?:[/?#.]|$)/.exec(keyOrUrl) ?? /^(OL\d+[WMA])$/.exec(keyOrUrl);
  return match ? match[1]! : null;
}

/** True for an Open Library id of the kind `kind` (W work, M edition, A author). */
export function isOlid(value: string, kind: 'W' | 'M' | 'A'): boolean {
  return new RegExp(`^OL\\d+${kind}$`).test(value);
}

/** The ISBN-13s of any ISBN-10s and ISBN-13s, in order, each once; ISBNs that do not parse are left out. */
export function isbn13sOf(values: readonly string[]): string[] {
  const out: string[] = [];
  for (const value of values) {
    const parsed = parseIsbn(value);
    if (parsed.ok && !out.includes(parsed.isbn13)) out.push(parsed.isbn13);
  }
  return out;
}

/** A text field's text (`string` or `{ type, value }`), trimmed; null when empty or missing. */
export function olText(value: string | { value: string } | undefined): string | null {
  const text = (typeof value === 'string' ? value : value?.value)?.trim();
  return text ? text : null;
}

/** The first real cover id of a record's `covers` (Open Library writes -1 for a removed one). */
export function firstCover(covers: readonly number[] | undefined): number | null {
  return covers?.find((id) => id > 0) ?? null;
}

const nonEmpty = (value: string | undefined): string | null => (value?.trim() ? value.trim() : null);
const positive = (value: number | undefined): number | null =>
  value !== undefined && value > 0 ? value : null;

/** An edition record as a catalogue edition. */
export function mapOlEdition(record: OlEdition): CatalogueEdition {
  const language = record.languages?.[0]?.key.split('/').pop();
  return {
    sourceId: olidOf(record.key) ?? record.key,
    title: nonEmpty(record.subtitle ? `${record.title}: ${record.subtitle}` : record.title),
    isbn13: isbn13sOf([...(record.isbn_13 ?? []), ...(record.isbn_10 ?? [])]),
    format: nonEmpty(record.physical_format),
    publisher: nonEmpty(record.publishers?.[0]),
    publishedDate: nonEmpty(record.publish_date),
    pages: positive(record.number_of_pages),
    language: language ? language : null,
    coverId: firstCover(record.covers),
  };
}

/**
 * A work record, its editions page and its authors' records as a catalogue work. An
 * author whose record is missing from `authors` keeps their id with their key as name
 * (the caller fetches every author it can).
 */
export function mapOlWork(
  work: OlWork,
  editions: OlWorkEditions,
  authors: readonly OlAuthor[],
): CatalogueWork {
  const names = new Map(authors.map((author) => [olidOf(author.key), author.name]));
  const authorRefs: CatalogueAuthorRef[] = (work.authors ?? []).map(({ author }) => {
    const id = olidOf(author.key);
    return { name: names.get(id) ?? id ?? author.key, sourceId: id };
  });
  const mapped = editions.entries.map(mapOlEdition);
  return {
    source: 'openlibrary',
    sourceId: olidOf(work.key) ?? work.key,
    title: work.title,
    authors: authorRefs,
    description: olText(work.description),
    subjects: work.subjects ?? [],
    coverId: firstCover(work.covers) ?? mapped.find((edition) => edition.coverId !== null)?.coverId ?? null,
    editions: mapped,
    editionCount: Math.max(editions.size, mapped.length),
  };
}

/** A /search.json document as a search hit; `author_name` and `author_key` pair up by position. */
export function mapOlSearchDoc(doc: OlSearchDoc): CatalogueSearchHit {
  const names = doc.author_name ?? [];
  return {
    source: 'openlibrary',
    sourceId: olidOf(doc.key) ?? doc.key,
    title: doc.title,
    authors: names.map((name, i) => ({ name, sourceId: doc.author_key?.[i] ?? null })),
    firstPublishYear: doc.first_publish_year ?? null,
    coverId: positive(doc.cover_i),
    editionCount: doc.edition_count ?? doc.edition_key?.length ?? 0,
    isbn13: isbn13sOf(doc.isbn ?? []),
  };
}

/** An edition record found by ISBN, with its authors' records, as an edition hit. */
export function mapOlEditionHit(record: OlEdition, authors: readonly OlAuthor[]): CatalogueEditionHit {
  const names = new Map(authors.map((author) => [olidOf(author.key), author.name]));
  const workKey = record.works?.[0]?.key;
  return {
    source: 'openlibrary',
    workId: workKey ? olidOf(workKey) : null,
    title: record.title,
    authors: (record.authors ?? []).map((ref) => {
      const id = olidOf(ref.key);
      return { name: names.get(id) ?? id ?? ref.key, sourceId: id };
    }),
    edition: mapOlEdition(record),
  };
}

/** The cover id in a covers URL (`…/b/id/240727-S.jpg` → 240727), or null. */
function coverIdOfUrl(url: string | undefined): number | null {
  const match = url ? /\/b\/id\/(\d+)-[SML]\.jpg/.exec(url) : null;
  return match ? positive(Number(match[1])) : null;
}

/**
 * One /api/books?jscmd=data entry as an edition hit. That answer names no work, so
 * `workId` is null (byIsbn's edition record has it).
 */
export function mapOlBooksDataEntry(entry: OlBooksDataEntry): CatalogueEditionHit {
  const ids = entry.identifiers ?? {};
  return {
    source: 'openlibrary',
    workId: null,
    title: entry.title,
    authors: (entry.authors ?? []).map((author) => ({
      name: author.name,
      sourceId: author.url ? olidOf(author.url) : null,
    })),
    edition: {
      sourceId: olidOf(entry.key) ?? entry.key,
      title: nonEmpty(entry.subtitle ? `${entry.title}: ${entry.subtitle}` : entry.title),
      isbn13: isbn13sOf([...(ids.isbn_13 ?? []), ...(ids.isbn_10 ?? [])]),
      format: null,
      publisher: nonEmpty(entry.publishers?.[0]?.name),
      publishedDate: nonEmpty(entry.publish_date),
      pages: positive(entry.number_of_pages),
      language: null,
      coverId: coverIdOfUrl(entry.cover?.medium ?? entry.cover?.small ?? entry.cover?.large),
    },
  };
}

/** One /api/books?jscmd=details entry as an edition hit, with its work and its authors' names. */
export function mapOlBooksDetailsEntry(entry: OlBooksDetailsEntry): CatalogueEditionHit {
  const authors = (entry.details.authors ?? []).flatMap((author) =>
    author.name ? [{ key: author.key, name: author.name }] : [],
  );
  return mapOlEditionHit(entry.details, authors);
}

/** An author record as a catalogue author. */
export function mapOlAuthor(record: OlAuthor): CatalogueAuthor {
  return {
    source: 'openlibrary',
    sourceId: olidOf(record.key) ?? record.key,
    name: record.name,
    bio: olText(record.bio),
  };
}
