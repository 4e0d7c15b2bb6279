// What a catalogue says of the demo books (src/domain/books/catalogue.ts): most carry an
// ISBN (valid check digits), a publication date (two still to come: preorders),
// a page count, a language (mostly English) and, for a publisher's books and some
// others, a publisher; two series of three or more books each (the demo author's
// Tidewater Chronicles with a novella at 2.5 and an inactive fourth book, and the
// demo publisher's Harbour Lights Mysteries). A stream of its own, so the books'
// titles and every other generated field stay as they were.
import { parseIsbn } from '../../src/domain/books/isbn.ts';
import type { Member } from './members.ts';
import type { Random } from './prng.ts';

/** A demo series: its owner, name, and the number of each of the owner's books in it (by the book's place in the owner's list). */
interface DemoSeries {
  uid: string;
  name: string;
  numbers: Readonly<Record<number, number>>;
}

/** The demo series. The demo author's book 0 is inactive: Book 4 is listed nowhere, and Book 3 has no next. */
export const DEMO_SERIES: readonly DemoSeries[] = [
  { uid: 'demo-author', name: 'The Tidewater Chronicles', numbers: { 2: 1, 3: 2, 4: 3, 5: 2.5, 0: 4 } },
  { uid: 'demo-publisher', name: 'Harbour Lights Mysteries', numbers: { 0: 1, 1: 2, 2: 3 } },
];

/** Publication dates still to come (the reference date is 2026-11-01): preorders, by owner and place. */
const FUTURE_DATES: Readonly<Record<string, string>> = {
  'demo-author:4': '2027-03-18',
  'demo-publisher:2': '2027-06-05',
};

const PRESSES = ['Lantern Row Books', 'Saltmarsh Press', 'Quire & Quill', 'Northlight Editions'] as const;
const OTHER_LANGUAGES = ['fr', 'es', 'de', 'it', 'nl'] as const;

/** A valid ISBN-13 (978, a registrant-like block, the check digit computed by parseIsbn's rule). */
function isbnOf(rng: Random): string {
  const twelve = `9781${String(rng.int(0, 99_999_999)).padStart(8, '0')}`;
  for (let check = 0; check <= 9; check += 1) {
    const parsed = parseIsbn(`${twelve}${check}`);
    if (parsed.ok) return parsed.isbn13;
  }
  throw new Error(`no check digit for ${twelve}`);
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The catalogue fields of `member`'s book number `place` (0-based, in the order
 * the books are generated), created at `createdAt`: all null for about one book
 * in seven outside the series, so books without them stay in the demo.
 */
export function catalogueFieldsFor(
  rng: Random,
  member: Pick<Member, 'uid' | 'displayName' | 'category'>,
  place: number,
  createdAt: Date,
): Record<string, unknown> {
  const series = DEMO_SERIES.find((s) => s.uid === member.uid && s.numbers[place] !== undefined);
  // Drawn for every book, so a change to one book's fields does not reshuffle the next's.
  const draws = {
    bare: rng.chance(0.15),
    isbn: isbnOf(rng),
    yearsBefore: rng.int(0, 6),
    month: rng.int(1, 12),
    day: rng.int(1, 28),
    pages: rng.int(96, 640),
    otherLanguage: rng.chance(0.12) ? rng.pick(OTHER_LANGUAGES) : null,
    press: rng.chance(0.3) ? rng.pick(PRESSES) : null,
  };
  if (draws.bare && !series) return {};
  // Published before it was added here (a year earlier when the drawn day would follow it).
  const year = createdAt.getUTCFullYear() - draws.yearsBefore;
  const drawn = `${year}-${pad(draws.month)}-${pad(draws.day)}`;
  const before = drawn < createdAt.toISOString().slice(0, 10) ? drawn : `${year - 1}${drawn.slice(4)}`;
  const published = FUTURE_DATES[`${member.uid}:${place}`] ?? before;
  return {
    isbn: draws.isbn,
    publication_date: published,
    pages: draws.pages,
    language: series ? 'en' : (draws.otherLanguage ?? 'en'),
    publisher: member.category === 'Publisher' ? member.displayName : draws.press,
    series: series?.name ?? null,
    series_number: series ? series.numbers[place] : null,
  };
}
