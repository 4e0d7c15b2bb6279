// Demo catalogue books (src/domain/books/catalogue-book.ts): a dozen books no member
// lists, as the 'Add a book' callables would store them after an Open Library
// look-up, with two added by hand that wait for a librarian (one a duplicate to merge). Some have several
// editions, one a title in Cyrillic, two no cover. A stream of its own, so every
// other seeded document stays as it was; the ISBNs start 9780, the listed books'
// 9781, so no ISBN is claimed twice. A few members keep some of them on 'Want to
// read' (catalogueShelfDocs), which marks those books as read by members (so the
// sitemap lists them); the reviews and the journal are the listed books'
// (scripts/seed/reviews.ts, reading.ts).
import { parseIsbn } from '../../src/domain/books/isbn.ts';
import { titleAuthorKey } from '../../src/domain/books/match-key.ts';
import { MAX_SEARCH_KEYWORDS } from '../../src/domain/books/book.ts';
import {
  authorSlug,
  authorSlugsOf,
  type CatalogueBookEdition,
} from '../../src/domain/books/catalogue-book.ts';
import { authorClaimId } from '../../src/domain/books/author-claim.ts';
import { searchKeywords } from '../../src/domain/shared/list-search.ts';
import { shelfId } from '../../src/domain/shelves/shelf.ts';
import type { Member } from './members.ts';
import { type SeedContext, type SeedDoc, daysAgo, streamFor } from './context.ts';
import type { Random } from './prng.ts';
import { coverSvg, imageSpec } from './svg.ts';

/** An edition before its ISBN is drawn: `isbn: false` for one without. */
type DemoEdition = Omit<CatalogueBookEdition, 'isbn'> & { isbn?: false };

/** A demo catalogue book: what Open Library (or the reader) said of it. */
interface DemoCatalogueBook {
  title: string;
  authors: { name: string; source_id: string | null }[];
  description: string | null;
  subjects: string[];
  /** The work's Open Library id; null for the book added by hand. */
  sourceId: string | null;
  editions: DemoEdition[];
  /** False for a book whose source had no cover. */
  cover: boolean;
}

const ol = (id: string) => ({ source_id: id });

/** The demo books; the first edition of each is the one Details show. */
export const DEMO_CATALOGUE_BOOKS: readonly DemoCatalogueBook[] = [
  {
    title: 'Pride and Prejudice',
    authors: [{ name: 'Jane Austen', ...ol('OL21594A') }],
    description:
      'Elizabeth Bennet meets the proud Mr Darcy at a country ball, and neither thinks much of the other.',
    subjects: ['Courtship', 'England', 'Sisters', 'Social classes'],
    sourceId: 'OL66554W',
    editions: [
      {
        ...ol('OL7353617M'),
        format: 'Paperback',
        publisher: 'Harbourside Classics',
        publication_date: '2003-12-30',
        pages: 480,
        language: 'en',
      },
      {
        ...ol('OL26291170M'),
        format: 'Hardcover',
        publisher: 'Lantern Row Books',
        publication_year: 1995,
        pages: 352,
        language: 'en',
      },
      {
        ...ol('OL9004101M'),
        format: 'Kindle Edition',
        publisher: 'Quire & Quill',
        publication_year: 2012,
        language: 'en',
        isbn: false,
      },
    ],
    cover: true,
  },
  {
    title: 'Moby-Dick; or, The Whale',
    authors: [{ name: 'Herman Melville', ...ol('OL13107A') }],
    description: 'Ishmael signs on with the whaler Pequod, whose captain hunts one white whale above all.',
    subjects: ['Whaling', 'Sea stories', 'Obsession'],
    sourceId: 'OL2000044W',
    editions: [
      {
        ...ol('OL24207845M'),
        format: 'Paperback',
        publisher: 'Saltmarsh Press',
        publication_date: '2001-02-01',
        pages: 720,
        language: 'en',
      },
      {
        ...ol('OL6979835M'),
        format: 'Mass Market Paperback',
        publisher: 'Northlight Editions',
        publication_year: 1964,
        pages: 536,
        language: 'en',
      },
    ],
    cover: true,
  },
  {
    title: 'Frankenstein',
    authors: [{ name: 'Mary Wollstonecraft Shelley', ...ol('OL25342A') }],
    description: 'A young scientist gives life to a creature and then abandons it.',
    subjects: ['Science fiction', 'Gothic fiction', 'Monsters'],
    sourceId: 'OL2000165W',
    editions: [
      {
        ...ol('OL24373161M'),
        format: 'Paperback',
        publisher: 'Harbourside Classics',
        publication_year: 2003,
        pages: 273,
        language: 'en',
      },
      {
        ...ol('OL7044568M'),
        format: 'Audio CD',
        publisher: 'Lantern Row Audio',
        publication_year: 2010,
        language: 'en',
      },
    ],
    cover: true,
  },
  {
    title: 'Мастер и Маргарита',
    authors: [{ name: 'Михаил Булгаков', ...ol('OL33456A') }],
    description: 'Воланд и его свита приезжают в Москву, и город уже никогда не будет прежним.',
    subjects: ['Moscow', 'Devil', 'Satire'],
    sourceId: 'OL2000220W',
    editions: [
      {
        ...ol('OL22817293M'),
        format: 'Hardcover',
        publisher: 'Azbuka',
        publication_year: 2014,
        pages: 512,
        language: 'ru',
      },
      {
        ...ol('OL7584551M'),
        format: 'Paperback',
        publisher: 'Quire & Quill',
        publication_date: '1997-06-01',
        pages: 448,
        language: 'en',
      },
    ],
    cover: true,
  },
  {
    title: 'Middlemarch',
    authors: [{ name: 'George Eliot', ...ol('OL4327048A') }],
    description: 'A provincial town in the years before the Reform Act, and the marriages that shape it.',
    subjects: ['Provincial life', 'Marriage', 'England'],
    sourceId: 'OL2000066W',
    editions: [
      {
        ...ol('OL7366789M'),
        format: 'Paperback',
        publisher: 'Northlight Editions',
        publication_date: '2003-08-26',
        pages: 880,
        language: 'en',
      },
    ],
    cover: true,
  },
  {
    title: 'The Count of Monte Cristo',
    authors: [
      { name: 'Alexandre Dumas', ...ol('OL4390163A') },
      { name: 'Auguste Maquet', ...ol('OL1893427A') },
    ],
    description: 'Betrayed and imprisoned, Edmond Dantès escapes with a fortune and a long memory.',
    subjects: ['Revenge', 'Prisoners', 'France'],
    sourceId: 'OL2000671W',
    editions: [
      {
        ...ol('OL7582912M'),
        format: 'Paperback',
        publisher: 'Saltmarsh Press',
        publication_year: 2003,
        pages: 1276,
        language: 'en',
      },
      {
        ...ol('OL24631220M'),
        format: 'Hardcover',
        publisher: 'Éditions du Port',
        publication_year: 1981,
        pages: 1440,
        language: 'fr',
      },
      { ...ol('OL26411880M'), format: 'ebook', publication_year: 2016, language: 'en', isbn: false },
    ],
    cover: true,
  },
  {
    title: 'Wuthering Heights',
    authors: [{ name: 'Emily Brontë', ...ol('OL24529A') }],
    description: 'Heathcliff, taken in as a child, loves Catherine Earnshaw past reason and past death.',
    subjects: ['Yorkshire', 'Moors', 'Revenge'],
    sourceId: 'OL2000154W',
    editions: [
      {
        ...ol('OL7034963M'),
        format: 'Paperback',
        publisher: 'Lantern Row Books',
        publication_year: 2002,
        pages: 416,
        language: 'en',
      },
    ],
    cover: false,
  },
  {
    title: 'The Odyssey',
    authors: [{ name: 'Homer', ...ol('OL6828128A') }],
    description: null,
    subjects: ['Epic poetry', 'Odysseus', 'Greek mythology'],
    sourceId: 'OL2000352W',
    editions: [
      {
        ...ol('OL1017797M'),
        format: 'Paperback',
        publisher: 'Harbourside Classics',
        publication_year: 1999,
        language: 'en',
      },
    ],
    cover: true,
  },
  {
    title: 'Don Quijote de la Mancha',
    authors: [{ name: 'Miguel de Cervantes Saavedra', ...ol('OL1787094A') }],
    description: 'Un hidalgo que ha leído demasiados libros de caballerías sale a buscar aventuras.',
    subjects: ['Knights and knighthood', 'Spain', 'Satire'],
    sourceId: 'OL2000374W',
    editions: [
      {
        ...ol('OL24983455M'),
        format: 'Hardcover',
        publisher: 'Editorial del Faro',
        publication_date: '2004-03-01',
        pages: 1248,
        language: 'es',
      },
    ],
    cover: true,
  },
  {
    title: 'Walden',
    authors: [{ name: 'Henry David Thoreau', ...ol('OL19254A') }],
    description: 'Two years, two months and two days in a cabin by Walden Pond.',
    subjects: ['Simplicity', 'Nature', 'Solitude'],
    sourceId: 'OL74485W',
    editions: [
      {
        ...ol('OL7587203M'),
        format: 'Paperback',
        publisher: 'Quire & Quill',
        publication_year: 2004,
        pages: 352,
        language: 'en',
      },
      {
        ...ol('OL6532417M'),
        format: 'Hardcover',
        publisher: 'Northlight Editions',
        publication_year: 1966,
        pages: 318,
        language: 'en',
      },
    ],
    cover: true,
  },
  {
    title: 'The Book of Tea',
    authors: [{ name: 'Kakuzō Okakura', ...ol('OL117045A') }],
    description: 'A short essay on tea, Teaism and what they say of Japanese life and art.',
    subjects: ['Tea', 'Japan', 'Aesthetics'],
    sourceId: 'OL1960432W',
    editions: [
      {
        ...ol('OL7285712M'),
        format: 'Paperback',
        publisher: 'Saltmarsh Press',
        publication_year: 2010,
        pages: 112,
        language: 'en',
      },
    ],
    cover: true,
  },
  {
    title: "The Lighthouse Keeper's Almanac",
    authors: [{ name: 'Orla Penhallow', source_id: null }],
    description:
      'Tides, weather lore and recipes gathered by a keeper of the Carrick Head light, printed locally.',
    subjects: ['Lighthouses', 'Cornwall'],
    sourceId: null,
    editions: [
      {
        source_id: null,
        format: 'Paperback',
        publisher: 'Carrick Head Press',
        publication_year: 1987,
        pages: 96,
        language: 'en',
        isbn: false,
      },
    ],
    cover: false,
  },
  // An obvious duplicate for librarians to merge (/librarian): Pride and Prejudice typed in
  // by hand. Last, so the books above draw the same ids and ISBNs as before.
  {
    title: 'Pride & Prejudice',
    authors: [{ name: 'Jane Austen', source_id: null }],
    description: null,
    subjects: [],
    sourceId: null,
    editions: [
      {
        source_id: null,
        format: 'Paperback',
        publisher: 'Penny Shelf Editions',
        publication_year: 2011,
        pages: 298,
        language: 'en',
      },
    ],
    cover: false,
  },
];

/** The demo member who is a librarian (librarians/{uid}; src/domain/admin/catalogue-curation.ts). */
export const DEMO_LIBRARIAN = 'demo-reader';

/** The demo member who added the books (a reader, as the 'Add a book' island lets any member). */
export const CATALOGUE_BOOKS_ADDED_BY = 'demo-reader';

/** A valid ISBN-13 starting 9780 (the listed books' start 9781), its check digit by parseIsbn's rule. */
function isbnOf(rng: Random): string {
  const twelve = `9780${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  for (let check = 0; check <= 9; check += 1) {
    const parsed = parseIsbn(`${twelve}${check}`);
    if (parsed.ok) return parsed.isbn13;
  }
  throw new Error(`no check digit for ${twelve}`);
}

/** The demo catalogue books' documents (`books/{id}`, kind 'catalogue'), their covers added to `ctx`. */
export function generateCatalogueBooks(ctx: SeedContext): SeedDoc[] {
  const rng = streamFor('catalogue-books');
  return DEMO_CATALOGUE_BOOKS.map((demo, index): SeedDoc => {
    const id = rng.autoId();
    // Drawn for every book and edition, so a change to one book does not reshuffle the next's.
    const hue = rng.int(0, 359);
    const ornament = rng.int(0, 3);
    const editions = demo.editions.map(({ isbn, ...edition }) => {
      const drawn = isbnOf(rng);
      return { ...edition, isbn: isbn === false ? null : drawn };
    });
    const years = editions.flatMap((edition) =>
      edition.publication_year
        ? [edition.publication_year]
        : edition.publication_date
          ? [Number(edition.publication_date.slice(0, 4))]
          : [],
    );
    const createdAt = daysAgo(40 - index * 3, index * 17);
    const names = demo.authors.map((author) => author.name);
    const cover = demo.cover
      ? ctx.addImage(imageSpec('covers', id, coverSvg(demo.title, names[0] ?? '', hue, ornament), 400, 600))
      : null;
    const hand = demo.sourceId === null;
    return {
      collection: 'books',
      id,
      data: {
        kind: 'catalogue',
        title: demo.title,
        authors: demo.authors,
        description: demo.description,
        cover_image: cover,
        subjects: demo.subjects,
        editions,
        isbn: editions[0]?.isbn ?? null,
        first_published: years.length > 0 ? Math.min(...years) : null,
        source: hand ? 'hand' : 'openlibrary',
        source_id: demo.sourceId,
        needs_review: hand,
        added_by: CATALOGUE_BOOKS_ADDED_BY,
        // As on listed books (book-listing.ts): the import's key (title and first author) and the search words.
        match_key: titleAuthorKey(demo.title, names[0] ?? ''),
        author_slugs: authorSlugsOf(demo.authors),
        search_keywords: searchKeywords([demo.title, ...names], { maxKeywords: MAX_SEARCH_KEYWORDS }),
        is_public: false,
        is_active: true,
        moderation_hidden: false,
        rating_count: 0,
        rating_sum: 0,
        has_readers: false,
        created_at: createdAt,
        updated_at: createdAt,
      },
    };
  });
}

/**
 * The ISBN claims of the demo catalogue books (src/domain/books/isbn-claim.ts): every
 * edition's ISBN, held by its book with no owner, as addCatalogueBook takes them.
 */
export function catalogueIsbnClaimDocs(docs: readonly SeedDoc[]): SeedDoc[] {
  return docs.flatMap((doc) => {
    const editions = doc.data.editions as { isbn: string | null }[];
    const isbns = [...new Set(editions.flatMap((edition) => (edition.isbn ? [edition.isbn] : [])))];
    return isbns.map((isbn): SeedDoc => ({
      collection: 'isbn_claims',
      id: isbn,
      data: { book_id: doc.id, user_id: null, claimed_at: doc.data.created_at as Date },
    }));
  });
}

/**
 * Which demo catalogue book each Open Library work became (catalogue_sources), so
 * "Add a book" lists the seeded book instead of offering the work again. The works
 * the local stand-in's sample holds carry its ids.
 */
export function catalogueSourceDocs(docs: readonly SeedDoc[]): SeedDoc[] {
  return docs.flatMap((doc): SeedDoc[] =>
    typeof doc.data.source_id === 'string'
      ? [
          {
            collection: 'catalogue_sources',
            id: `openlibrary_${doc.data.source_id}`,
            data: { book_id: doc.id, created_at: doc.data.created_at as Date },
          },
        ]
      : [],
  );
}

/** How many catalogue books, and by how many members, the demo puts on 'Want to read'. */
const CATALOGUE_SHELVED = { books: 4, members: 3 } as const;

/**
 * 'Want to read' entries (as setShelf writes them) of the first catalogue books found
 * in Open Library, by approved members other than the first shelvers of the listed books
 * (scripts/seed/reviews.ts), and those books marked `has_readers` as setShelf marks them.
 * `books` are changed in place.
 */
export function catalogueShelfDocs(books: SeedDoc[], members: readonly Member[]): SeedDoc[] {
  const readers = members
    .filter((m) => m.approval === 'approved' && m.active && !m.admin)
    .slice(-CATALOGUE_SHELVED.members);
  const shelved = books
    .filter((book) => book.data.source === 'openlibrary')
    .slice(0, CATALOGUE_SHELVED.books);
  return shelved.flatMap((book, index) => {
    book.data.has_readers = true;
    const at = daysAgo(20 - index * 2, index * 7);
    return readers.slice(0, 1 + (index % readers.length)).map((reader): SeedDoc => ({
      collection: 'book_shelves',
      id: shelfId(book.id, reader.uid),
      data: {
        book_id: book.id,
        book_title: book.data.title,
        user_id: reader.uid,
        shelf: 'want-to-read',
        book_public: true,
        updated_at: at,
      },
    }));
  });
}

/** The demo author page a member claimed (src/domain/books/author-claim.ts): the hand-added poet's. */
export const DEMO_CLAIMED_AUTHOR = 'Orla Penhallow';

/**
 * The demo catalogue books with `claimant`'s claim, approved by `adminUid`, of DEMO_CLAIMED_AUTHOR's
 * page, as adminAuthorClaims leaves it: the author's books carry `claimed_by`, and the
 * claim and the page's holder are stored, so `npm start` shows Claimed Books on the
 * member's profile and "Claimed by" on /authors/orla-penhallow.
 */
export function withDemoAuthorClaim(
  books: readonly SeedDoc[],
  claimant: { uid: string; displayName: string },
  adminUid: string,
): SeedDoc[] {
  const slug = authorSlug(DEMO_CLAIMED_AUTHOR);
  const claimed = books.map((doc): SeedDoc => {
    const slugs = doc.data.author_slugs as string[];
    return slugs.includes(slug) ? { ...doc, data: { ...doc.data, claimed_by: claimant.uid } } : doc;
  });
  const at = daysAgo(5, 0);
  return [
    ...claimed,
    {
      collection: 'author_claims',
      id: authorClaimId(slug, claimant.uid),
      data: {
        slug,
        author_name: DEMO_CLAIMED_AUTHOR,
        user_id: claimant.uid,
        member_name: claimant.displayName,
        status: 'approved',
        message: 'These are my poems; my publisher is Carrick Head Press.',
        reason: null,
        created_at: daysAgo(6, 0),
        decided_at: at,
        decided_by: adminUid,
      },
    },
    {
      collection: 'catalogue_authors',
      id: slug,
      data: { name: DEMO_CLAIMED_AUTHOR, claimed_by: claimant.uid, claimed_at: at },
    },
  ];
}
