// Open Library's records as Shelfmark reads them: the response schemas accept the
// documented shapes (fixtures written after Open Library's API documentation) and refuse
// wrong types, and the mapping gives Shelfmark's catalogue shapes: ISBN-10s become
// ISBN-13s, wrong check digits are dropped, both description shapes read, removed covers
// (-1) ignored, author names and keys paired.
import { describe, expect, it } from 'vitest';
import {
  catalogueEditionHitSchema,
  catalogueSearchHitSchema,
  catalogueWorkSchema,
} from '../../../../src/domain/catalogue/catalogue-work.ts';
import {
  isbn13sOf,
  mapOlAuthor,
  mapOlBooksDataEntry,
  mapOlBooksDetailsEntry,
  mapOlEdition,
  mapOlEditionHit,
  mapOlSearchDoc,
  mapOlWork,
  olidOf,
} from '../../../../src/domain/catalogue/openlibrary-mapping.ts';
import {
  olAuthorSchema,
  olBooksDataSchema,
  olBooksDetailsSchema,
  olEditionSchema,
  olSearchSchema,
  olWorkEditionsSchema,
  olWorkSchema,
} from '../../../../src/domain/catalogue/openlibrary-records.ts';

/** /api/books?bibkeys=ISBN:0451526538&format=json&jscmd=data, in the documented shape. */
const BOOKS_DATA = {
  'ISBN:0451526538': {
    url: 'https://openlibrary.org/books/OL1017798M/The_adventures_of_Tom_Sawyer',
    key: '/books/OL1017798M',
    title: 'The adventures of Tom Sawyer',
    authors: [{ url: 'https://openlibrary.org/authors/OL18319A/Mark_Twain', name: 'Mark Twain' }],
    number_of_pages: 216,
    pagination: '216 p. ;',
    identifiers: { isbn_10: ['0451526538'], lccn: ['93005405'], openlibrary: ['OL1017798M'] },
    classifications: { lc_classifications: ['PS1306 .A1 1994'], dewey_decimal_class: ['813/.4'] },
    publishers: [{ name: 'Signet Classic' }],
    publish_places: [{ name: 'New York' }],
    publish_date: '1994',
    subjects: [{ name: 'Fiction', url: 'https://openlibrary.org/subjects/fiction' }],
    cover: {
      small: 'https://covers.openlibrary.org/b/id/295577-S.jpg',
      medium: 'https://covers.openlibrary.org/b/id/295577-M.jpg',
      large: 'https://covers.openlibrary.org/b/id/295577-L.jpg',
    },
  },
};

/** /books/OL7353617M.json, in the documented shape (trimmed). */
const EDITION = {
  key: '/books/OL7353617M',
  title: 'Fantastic Mr. Fox',
  authors: [{ key: '/authors/OL34184A' }],
  works: [{ key: '/works/OL45804W' }],
  publishers: ['Puffin'],
  publish_date: 'October 1, 1988',
  number_of_pages: 96,
  isbn_10: ['0140328726'],
  isbn_13: ['9780140328721'],
  physical_format: 'Paperback',
  languages: [{ key: '/languages/eng' }],
  covers: [8739161],
  type: { key: '/type/edition' },
  revision: 14,
  last_modified: { type: '/type/datetime', value: '2024-12-19T15:23:33.745451' },
};

/** /works/OL45804W.json, in the documented shape (trimmed): description as { type, value }. */
const WORK = {
  key: '/works/OL45804W',
  title: 'Fantastic Mr Fox',
  authors: [{ author: { key: '/authors/OL34184A' }, type: { key: '/type/author_role' } }],
  description: {
    type: '/type/text',
    value: 'The main character of Fantastic Mr. Fox is an extremely clever fox.',
  },
  subjects: ['Animals', 'Foxes', 'Juvenile fiction'],
  covers: [-1, 6498519],
  type: { key: '/type/work' },
};

const AUTHOR = {
  key: '/authors/OL34184A',
  name: 'Roald Dahl',
  bio: 'British novelist.',
  type: { key: '/type/author' },
};

const SEARCH = {
  numFound: 1,
  start: 0,
  numFoundExact: true,
  docs: [
    {
      key: '/works/OL45804W',
      title: 'Fantastic Mr Fox',
      author_name: ['Roald Dahl', 'Quentin Blake'],
      author_key: ['OL34184A', 'OL2645811A'],
      first_publish_year: 1970,
      edition_count: 62,
      isbn: ['0140328726', '9780140328721', '0140328727'],
      cover_i: 6498519,
    },
  ],
  num_found: 1,
  q: 'fantastic mr fox',
  offset: null,
};

describe('the Open Library response schemas', () => {
  it('accept the documented shapes of every response', () => {
    expect(olBooksDataSchema.safeParse(BOOKS_DATA).success).toBe(true);
    expect(olEditionSchema.safeParse(EDITION).success).toBe(true);
    expect(olWorkSchema.safeParse(WORK).success).toBe(true);
    expect(olWorkSchema.safeParse({ ...WORK, description: 'plain text' }).success).toBe(true);
    expect(olAuthorSchema.safeParse(AUTHOR).success).toBe(true);
    expect(olSearchSchema.safeParse(SEARCH).success).toBe(true);
    expect(
      olWorkEditionsSchema.safeParse({ size: 1, entries: [EDITION], links: { self: '/x' } }).success,
    ).toBe(true);
  });

  it('refuse a wrong type where a field is given, and a record without its key or title', () => {
    expect(olEditionSchema.safeParse({ ...EDITION, title: 42 }).success).toBe(false);
    expect(olEditionSchema.safeParse({ ...EDITION, isbn_13: '9780140328721' }).success).toBe(false);
    expect(olWorkSchema.safeParse({ ...WORK, key: undefined }).success).toBe(false);
    expect(olSearchSchema.safeParse({ ...SEARCH, numFound: '1' }).success).toBe(false);
    expect(olBooksDataSchema.safeParse({ 'ISBN:1': { title: 'no key' } }).success).toBe(false);
    expect(olSearchSchema.safeParse('<html>').success).toBe(false);
  });
});

describe('the mapping into Shelfmark’s catalogue shapes', () => {
  it('reads ids from keys and URLs', () => {
    expect(olidOf('/works/OL45804W')).toBe('OL45804W');
    expect(olidOf('https://openlibrary.org/authors/OL18319A/Mark_Twain')).toBe('OL18319A');
    expect(olidOf('OL1017798M')).toBe('OL1017798M');
    expect(olidOf('/languages/eng')).toBeNull();
  });

  it('turns ISBN-10s into ISBN-13s, once each, and drops ISBNs with a wrong check digit', () => {
    expect(isbn13sOf(['0140328726', '9780140328721', '0140328727', '0-14-143951-3'])).toEqual([
      '9780140328721',
      '9780141439518',
    ]);
  });

  it('maps an edition, converting its ISBN-10 when it has no ISBN-13', () => {
    const edition = mapOlEdition(olEditionSchema.parse({ ...EDITION, isbn_13: undefined }));
    expect(edition).toEqual({
      sourceId: 'OL7353617M',
      title: 'Fantastic Mr. Fox',
      isbn13: ['9780140328721'],
      format: 'Paperback',
      publisher: 'Puffin',
      publishedDate: 'October 1, 1988',
      pages: 96,
      language: 'eng',
      coverId: 8739161,
    });
  });

  it('maps a work: description of either shape, the first real cover, authors named from their records', () => {
    const editions = olWorkEditionsSchema.parse({ size: 62, entries: [EDITION] });
    const work = mapOlWork(olWorkSchema.parse(WORK), editions, [olAuthorSchema.parse(AUTHOR)]);
    expect(catalogueWorkSchema.parse(work)).toEqual(work);
    expect(work.description).toBe('The main character of Fantastic Mr. Fox is an extremely clever fox.');
    expect(work.coverId).toBe(6498519);
    expect(work.authors).toEqual([{ name: 'Roald Dahl', sourceId: 'OL34184A' }]);
    expect(work.editionCount).toBe(62);
    expect(work.editions.map((edition) => edition.sourceId)).toEqual(['OL7353617M']);
    const plain = mapOlWork(olWorkSchema.parse({ ...WORK, description: ' Plain. ' }), editions, []);
    expect(plain.description).toBe('Plain.');
    // An author whose record was not found keeps their id as the name.
    expect(plain.authors).toEqual([{ name: 'OL34184A', sourceId: 'OL34184A' }]);
  });

  it('takes an edition’s cover for a work whose only cover was removed (-1)', () => {
    const work = mapOlWork(
      olWorkSchema.parse({ ...WORK, covers: [-1] }),
      olWorkEditionsSchema.parse({ size: 1, entries: [EDITION] }),
      [],
    );
    expect(work.coverId).toBe(8739161);
  });

  it('maps a search document, pairing author names and keys', () => {
    const hit = mapOlSearchDoc(olSearchSchema.parse(SEARCH).docs[0]!);
    expect(catalogueSearchHitSchema.parse(hit)).toEqual(hit);
    expect(hit).toMatchObject({
      sourceId: 'OL45804W',
      authors: [
        { name: 'Roald Dahl', sourceId: 'OL34184A' },
        { name: 'Quentin Blake', sourceId: 'OL2645811A' },
      ],
      firstPublishYear: 1970,
      coverId: 6498519,
      editionCount: 62,
      isbn13: ['9780140328721'],
    });
  });

  it('maps a batch entry and an edition found by ISBN', () => {
    const entry = mapOlBooksDataEntry(olBooksDataSchema.parse(BOOKS_DATA)['ISBN:0451526538']!);
    expect(catalogueEditionHitSchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      workId: null,
      title: 'The adventures of Tom Sawyer',
      authors: [{ name: 'Mark Twain', sourceId: 'OL18319A' }],
      edition: {
        sourceId: 'OL1017798M',
        isbn13: ['9780451526533'],
        publisher: 'Signet Classic',
        coverId: 295577,
      },
    });
    // jscmd=details, in Open Library's documented shape: the edition record, its work and its authors named.
    const details = mapOlBooksDetailsEntry(
      olBooksDetailsSchema.parse({
        'ISBN:0451526538': {
          bib_key: 'ISBN:0451526538',
          info_url: 'https://openlibrary.org/books/OL1017798M/The_adventures_of_Tom_Sawyer',
          preview: 'noview',
          thumbnail_url: 'https://covers.openlibrary.org/b/id/295577-S.jpg',
          details: {
            key: '/books/OL1017798M',
            title: 'The adventures of Tom Sawyer',
            authors: [{ key: '/authors/OL18319A', name: 'Mark Twain' }],
            works: [{ key: '/works/OL53908W' }],
            isbn_10: ['0451526538'],
            publishers: ['Signet Classic'],
            publish_date: '1959',
            covers: [295577],
          },
        },
      })['ISBN:0451526538']!,
    );
    expect(details).toMatchObject({
      workId: 'OL53908W',
      authors: [{ name: 'Mark Twain', sourceId: 'OL18319A' }],
      edition: {
        sourceId: 'OL1017798M',
        isbn13: ['9780451526533'],
        publisher: 'Signet Classic',
        coverId: 295577,
      },
    });
    const hit = mapOlEditionHit(olEditionSchema.parse(EDITION), [olAuthorSchema.parse(AUTHOR)]);
    expect(hit).toMatchObject({
      workId: 'OL45804W',
      authors: [{ name: 'Roald Dahl', sourceId: 'OL34184A' }],
    });
  });

  it('maps an author with a bio of either shape', () => {
    expect(mapOlAuthor(olAuthorSchema.parse(AUTHOR)).bio).toBe('British novelist.');
    expect(
      mapOlAuthor(olAuthorSchema.parse({ ...AUTHOR, bio: { type: '/type/text', value: 'B.' } })).bio,
    ).toBe('B.');
    expect(mapOlAuthor(olAuthorSchema.parse({ ...AUTHOR, bio: undefined })).bio).toBeNull();
  });
});
