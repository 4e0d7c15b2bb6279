// The stand-in's records: the bundled sample (sample.json, written by generate-sample.ts)
// indexed the ways Open Library's API finds them, and the answers it builds from them in
// Open Library's shapes (docs/notes/catalogue.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isbn10Of, parseIsbn } from '../../src/domain/books/isbn.ts';

type Json = Record<string, unknown>;
interface Ref {
  key: string;
}
export interface SampleAuthor extends Json {
  key: string;
  name: string;
}
export interface SampleWork extends Json {
  key: string;
  title: string;
  authors?: { author: Ref }[];
  subjects?: string[];
  covers?: number[];
  first_publish_date?: string;
}
export interface SampleEdition extends Json {
  key: string;
  title: string;
  subtitle?: string;
  authors?: Ref[];
  works?: Ref[];
  isbn_10?: string[];
  isbn_13?: string[];
  publishers?: string[];
  publish_date?: string;
  number_of_pages?: number;
  languages?: Ref[];
  covers?: number[];
}
export interface Sample {
  authors: SampleAuthor[];
  works: SampleWork[];
  editions: SampleEdition[];
}

export function loadSample(file = join(import.meta.dirname, 'sample.json')): Sample {
  return JSON.parse(readFileSync(file, 'utf8')) as Sample;
}

/** Lower case, accents off, so "Les Miserables" finds "Les Misérables" as Open Library's search does. */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}
const words = (text: string) =>
  fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const lastPart = (key: string) => key.split('/').pop()!;

export interface SearchParams {
  q?: string;
  title?: string;
  author?: string;
  isbn?: string;
  limit: number;
  page: number;
  offset?: number;
  fields?: string[];
}

/** The sample with Open Library's look-ups over it. */
export class Catalogue {
  readonly authors = new Map<string, SampleAuthor>();
  readonly works = new Map<string, SampleWork>();
  readonly editions = new Map<string, SampleEdition>();
  /** Editions by ISBN-10 and by ISBN-13: Open Library finds an edition by either form of either. */
  readonly byIsbn = new Map<string, SampleEdition>();
  readonly editionsOfWork = new Map<string, SampleEdition[]>();
  readonly coverIds = new Set<number>();
  /** Cover ids by ISBN-10 and ISBN-13 (for /b/isbn/…). */
  readonly coverByIsbn = new Map<string, number>();

  constructor(readonly sample: Sample) {
    for (const author of sample.authors) this.authors.set(lastPart(author.key), author);
    for (const work of sample.works) {
      this.works.set(lastPart(work.key), work);
      for (const id of work.covers ?? []) if (id > 0) this.coverIds.add(id);
    }
    for (const edition of sample.editions) {
      this.editions.set(lastPart(edition.key), edition);
      const workId = edition.works?.[0] ? lastPart(edition.works[0].key) : '';
      this.editionsOfWork.set(workId, [...(this.editionsOfWork.get(workId) ?? []), edition]);
      for (const id of edition.covers ?? []) if (id > 0) this.coverIds.add(id);
      for (const isbn of this.isbnsOf(edition)) {
        this.byIsbn.set(isbn, edition);
        const cover = edition.covers?.find((id) => id > 0);
        if (cover !== undefined) this.coverByIsbn.set(isbn, cover);
      }
    }
  }

  /** Both forms of every ISBN an edition carries. */
  isbnsOf(edition: SampleEdition): string[] {
    const out = new Set<string>();
    for (const value of [...(edition.isbn_13 ?? []), ...(edition.isbn_10 ?? [])]) {
      const parsed = parseIsbn(value);
      if (!parsed.ok) continue;
      out.add(parsed.isbn13);
      const ten = isbn10Of(parsed.isbn13);
      if (ten) out.add(ten);
    }
    return [...out];
  }

  /** The edition with an ISBN typed any way Open Library accepts (hyphens and all), or undefined. */
  editionByIsbn(isbn: string): SampleEdition | undefined {
    const compact = isbn.replace(/[\s-]/g, '').toUpperCase();
    const parsed = parseIsbn(compact);
    return this.byIsbn.get(compact) ?? (parsed.ok ? this.byIsbn.get(parsed.isbn13) : undefined);
  }

  /** A /search.json document for a work, with its editions' fields rolled up as Open Library does. */
  searchDoc(work: SampleWork): Json {
    const editions = this.editionsOfWork.get(lastPart(work.key)) ?? [];
    const authors = (work.authors ?? []).map(({ author }) => this.authors.get(lastPart(author.key)));
    const isbns = editions.flatMap((edition) => [...(edition.isbn_13 ?? []), ...(edition.isbn_10 ?? [])]);
    const cover = work.covers?.find((id) => id > 0);
    const coverEdition = editions.find((edition) => edition.covers?.includes(cover ?? -2));
    const year = Number.parseInt(work.first_publish_date ?? '', 10);
    const languages = [
      ...new Set(editions.flatMap((edition) => (edition.languages ?? []).map((l) => lastPart(l.key)))),
    ];
    return {
      key: work.key,
      type: 'work',
      title: work.title,
      ...(authors.length
        ? {
            author_name: authors.map((author) => author?.name ?? ''),
            author_key: authors.map((author) => (author ? lastPart(author.key) : '')),
          }
        : {}),
      ...(Number.isFinite(year) && !work.first_publish_date?.includes('BCE')
        ? { first_publish_year: year }
        : {}),
      edition_count: editions.length,
      edition_key: editions.map((edition) => lastPart(edition.key)),
      ...(isbns.length ? { isbn: isbns } : {}),
      ...(cover !== undefined ? { cover_i: cover } : {}),
      ...(coverEdition ? { cover_edition_key: lastPart(coverEdition.key) } : {}),
      ...(languages.length ? { language: languages } : {}),
      ...(work.subjects ? { subject: work.subjects } : {}),
    };
  }

  /** A work's search words, worked out once (the sample never changes): a search reads every work. */
  private readonly searchWordsCache = new Map<
    SampleWork,
    { titleWords: string[]; authorWords: string[]; all: Set<string> }
  >();
  private searchWordsOf(work: SampleWork) {
    let known = this.searchWordsCache.get(work);
    if (!known) {
      const doc = this.searchDoc(work);
      const titleWords = words(work.title);
      const authorWords = words(((doc.author_name as string[] | undefined) ?? []).join(' '));
      const isbns = this.editionsOfWork.get(lastPart(work.key))?.flatMap((e) => this.isbnsOf(e)) ?? [];
      const all = new Set([
        ...titleWords,
        ...authorWords,
        ...words((work.subjects ?? []).join(' ')),
        ...isbns,
      ]);
      known = { titleWords, authorWords, all };
      this.searchWordsCache.set(work, known);
    }
    return known;
  }

  /** Each search word's works, by their place in the sample (built at the first search). */
  private wordIndex: Map<string, number[]> | undefined;

  /** The works whose words hold every one of `wanted`, in the sample's order. */
  private worksWithEvery(wanted: readonly string[]): SampleWork[] {
    if (!this.wordIndex) {
      const index = new Map<string, number[]>();
      this.sample.works.forEach((work, place) => {
        for (const word of this.searchWordsOf(work).all) {
          const places = index.get(word);
          if (places) places.push(place);
          else index.set(word, [place]);
        }
      });
      this.wordIndex = index;
    }
    const postings = [...new Set(wanted)].map((word) => this.wordIndex!.get(word) ?? []);
    postings.sort((a, b) => a.length - b.length);
    const [shortest = [], ...rest] = postings;
    const others = rest.map((places) => new Set(places));
    return shortest
      .filter((place) => others.every((set) => set.has(place)))
      .map((place) => this.sample.works[place]!);
  }

  /**
   * /search.json: works whose words hold every word of `q` (title, authors, subjects,
   * ISBNs), `title` (title words), `author` (author names) and `isbn` (any edition's
   * ISBN, either form), in the sample's order; `page` is 1-based, `offset` overrides it.
   */
  search(params: SearchParams): Json {
    // What the query asks, read once rather than per work.
    const wordsOf = (wanted: string | undefined) => (wanted === undefined ? undefined : words(wanted));
    const [qWords, titleWanted, authorWanted] = [params.q, params.title, params.author].map(wordsOf);
    const isbnEdition = params.isbn === undefined ? undefined : this.editionByIsbn(params.isbn);
    const qEdition = params.q === undefined ? undefined : this.editionByIsbn(params.q);
    const holds = (wanted: string[] | undefined, within: Set<string> | string[]) =>
      wanted === undefined ||
      wanted.every((word) => (within instanceof Set ? within.has(word) : within.includes(word)));
    // Only works holding every wanted word can match (the index), then each is checked in full.
    const wanted = [...(qWords ?? []), ...(titleWanted ?? []), ...(authorWanted ?? [])];
    const candidates =
      wanted.length === 0 || qEdition !== undefined ? this.sample.works : this.worksWithEvery(wanted);
    const matches = candidates.filter((work) => {
      const { titleWords, authorWords, all } = this.searchWordsOf(work);
      if (params.isbn !== undefined && isbnEdition?.works?.[0]?.key !== work.key) return false;
      if (qWords !== undefined) {
        const byIsbn = qEdition !== undefined && qEdition.works?.[0]?.key === work.key;
        if (!byIsbn && !holds(qWords, all)) return false;
      }
      return holds(titleWanted, titleWords) && holds(authorWanted, authorWords);
    });
    const start = params.offset ?? (params.page - 1) * params.limit;
    const docs = matches.slice(start, start + params.limit).map((work) => {
      const doc = this.searchDoc(work);
      if (!params.fields || params.fields.includes('*')) return doc;
      return Object.fromEntries(Object.entries(doc).filter(([field]) => params.fields!.includes(field)));
    });
    return {
      numFound: matches.length,
      start,
      numFoundExact: true,
      docs,
      num_found: matches.length,
      q: params.q ?? '',
      offset: null,
    };
  }

  /** /works/{id}/editions.json: a page of a work's editions, as Open Library pages them. */
  workEditions(workId: string, limit: number, offset: number): Json {
    const all = this.editionsOfWork.get(workId) ?? [];
    const self = `/works/${workId}/editions.json`;
    const next =
      offset + limit < all.length ? { next: `${self}?limit=${limit}&offset=${offset + limit}` } : {};
    return {
      links: { self, work: `/works/${workId}`, ...next },
      size: all.length,
      entries: all.slice(offset, offset + limit),
    };
  }

  /**
   * One /api/books?jscmd=details entry: the edition record under `details`, its authors
   * as `{ key, name }`, with the info and thumbnail URLs beside it.
   */
  booksDetailsEntry(edition: SampleEdition, bibkey: string, base: string, coversBase: string): Json {
    const id = lastPart(edition.key);
    const cover = edition.covers?.find((coverId) => coverId > 0);
    const authors = (edition.authors ?? []).map((ref) => ({
      key: ref.key,
      ...(this.authors.get(lastPart(ref.key)) ? { name: this.authors.get(lastPart(ref.key))!.name } : {}),
    }));
    return {
      bib_key: bibkey,
      info_url: `${base}/books/${id}`,
      preview: 'noview',
      preview_url: `${base}/books/${id}`,
      ...(cover !== undefined ? { thumbnail_url: `${coversBase}/b/id/${cover}-S.jpg` } : {}),
      details: { ...edition, ...(authors.length ? { authors } : {}) },
    };
  }

  /**
   * One /api/books?jscmd=data entry: the edition with names resolved, ids grouped under
   * `identifiers`, and cover URLs under `coversBase`.
   */
  booksDataEntry(edition: SampleEdition, base: string, coversBase: string): Json {
    const id = lastPart(edition.key);
    const slug = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '_').replace(/^_|_$/g, '');
    const authors = (edition.authors ?? [])
      .map((ref) => this.authors.get(lastPart(ref.key)))
      .filter((a) => a !== undefined);
    const work = edition.works?.[0] ? this.works.get(lastPart(edition.works[0].key)) : undefined;
    const cover = edition.covers?.find((coverId) => coverId > 0);
    return {
      url: `${base}/books/${id}/${slug(edition.title)}`,
      key: edition.key,
      title: edition.title,
      ...(edition.subtitle ? { subtitle: edition.subtitle } : {}),
      ...(authors.length
        ? {
            authors: authors.map((author) => ({
              url: `${base}/authors/${lastPart(author.key)}/${slug(author.name)}`,
              name: author.name,
            })),
          }
        : {}),
      ...(edition.number_of_pages
        ? { number_of_pages: edition.number_of_pages, pagination: `${edition.number_of_pages} p.` }
        : {}),
      identifiers: {
        ...(edition.isbn_10 ? { isbn_10: edition.isbn_10 } : {}),
        ...(edition.isbn_13 ? { isbn_13: edition.isbn_13 } : {}),
        openlibrary: [id],
      },
      ...(edition.publishers ? { publishers: edition.publishers.map((name) => ({ name })) } : {}),
      ...(edition.publish_date ? { publish_date: edition.publish_date } : {}),
      ...(work?.subjects
        ? {
            subjects: work.subjects.map((name) => ({
              name,
              url: `${base}/subjects/${slug(name).toLowerCase()}`,
            })),
          }
        : {}),
      ...(cover !== undefined
        ? {
            cover: {
              small: `${coversBase}/b/id/${cover}-S.jpg`,
              medium: `${coversBase}/b/id/${cover}-M.jpg`,
              large: `${coversBase}/b/id/${cover}-L.jpg`,
            },
          }
        : {}),
    };
  }
}
