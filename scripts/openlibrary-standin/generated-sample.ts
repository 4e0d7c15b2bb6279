// A stand-in sample of any size, made up deterministically (no randomness), for the
// benches: `works` works by `authors` authors, each work with one or two editions whose
// ISBN-13s (979 prefix, valid check digit) no other work shares. The names of a work's
// title, author and ISBNs are functions of its number, so a bench can write the rows
// that will be found (by ISBN, or by title and author) without reading the sample back.
// Titles and names hold no word of the import bench's Shelfmark books ("The Bench Book
// Number n" by "Author k Benchley"), so a row for a generated work never matches one.
import { isbn13Check } from '../../src/domain/books/isbn.ts';
import type { Sample, SampleAuthor, SampleEdition, SampleWork } from './catalogue.ts';

const FIRST_NAMES = [
  'Ada',
  'Basil',
  'Clara',
  'Dorian',
  'Edith',
  'Felix',
  'Greta',
  'Hugo',
  'Iris',
  'Jasper',
  'Katya',
  'Lionel',
  'Mabel',
  'Nestor',
  'Olive',
  'Percy',
  'Quentin',
  'Rosa',
  'Silas',
  'Tilda',
];
const SURNAMES = [
  'Ashgrove',
  'Brackwater',
  'Copperfield',
  'Dunmore',
  'Elderby',
  'Fairweather',
  'Gillingham',
  'Hollowell',
  'Inchbald',
  'Juniper',
  'Kestrel',
  'Larkspur',
  'Marchbanks',
  'Northcote',
  'Ottershaw',
  'Pemberly',
  'Quarrington',
  'Rookwood',
  'Saltonstall',
  'Thistlewood',
];

/** Most authors a generated sample can name (every first name with every surname). */
export const MAX_GENERATED_AUTHORS = FIRST_NAMES.length * SURNAMES.length;

export interface GeneratedSampleOptions {
  works: number;
  /** 200 by default; at most MAX_GENERATED_AUTHORS. */
  authors?: number;
}

/** The ISBN-13 numbered `n` (0 ≤ n < 10⁸): 9791, `n` in eight digits, its check digit. */
export function generatedIsbn(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n >= 1e8) throw new RangeError(`no generated ISBN numbered ${n}`);
  const twelve = `9791${String(n).padStart(8, '0')}`;
  return `${twelve}${isbn13Check(twelve)}`;
}

/** Author `k`'s name: words only, distinct for every k below MAX_GENERATED_AUTHORS. */
export function generatedAuthorName(k: number): string {
  return `${FIRST_NAMES[k % FIRST_NAMES.length]} ${SURNAMES[Math.floor(k / FIRST_NAMES.length) % SURNAMES.length]}`;
}

/** Work `i`'s title. */
export function generatedWorkTitle(i: number): string {
  return `An Open Shelf Tale ${i}`;
}

/** Work `i`'s author number, of `authors`. */
export function generatedAuthorOf(i: number, authors = 200): number {
  return i % authors;
}

/** The ISBN-13s of work `i`'s editions: one for an even `i`, two for an odd one. */
export function generatedWorkIsbns(i: number): string[] {
  return i % 2 === 0 ? [generatedIsbn(2 * i)] : [generatedIsbn(2 * i), generatedIsbn(2 * i + 1)];
}

/** The sample: `works` works with their editions and `authors` authors, in Open Library's shapes. */
export function generateSample({ works, authors = 200 }: GeneratedSampleOptions): Sample {
  if (authors < 1 || authors > MAX_GENERATED_AUTHORS)
    throw new RangeError(`authors must be 1–${MAX_GENERATED_AUTHORS}`);
  const authorRecords: SampleAuthor[] = Array.from(
    { length: Math.min(authors, Math.max(works, 1)) },
    (_, k) => ({
      key: `/authors/OL${k + 1}A`,
      name: generatedAuthorName(k),
      type: { key: '/type/author' },
    }),
  );
  const workRecords: SampleWork[] = [];
  const editionRecords: SampleEdition[] = [];
  for (let i = 0; i < works; i += 1) {
    const author = { key: `/authors/OL${generatedAuthorOf(i, authors) + 1}A` };
    const title = generatedWorkTitle(i);
    const workKey = `/works/OL${i + 1}W`;
    workRecords.push({
      key: workKey,
      title,
      authors: [{ author }],
      subjects: ['Fiction'],
      first_publish_date: String(1900 + (i % 120)),
      type: { key: '/type/work' },
    });
    generatedWorkIsbns(i).forEach((isbn, e) =>
      editionRecords.push({
        key: `/books/OL${2 * i + e + 1}M`,
        title,
        authors: [author],
        works: [{ key: workKey }],
        isbn_13: [isbn],
        publishers: ['Open Shelf Press'],
        publish_date: String(1900 + (i % 120) + e),
        number_of_pages: 100 + (i % 400),
        physical_format: e === 0 ? 'Paperback' : 'Hardcover',
        languages: [{ key: '/languages/eng' }],
        type: { key: '/type/edition' },
      }),
    );
  }
  return { authors: authorRecords, works: workRecords, editions: editionRecords };
}
