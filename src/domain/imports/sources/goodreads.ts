/** Goodreads' library export ("Export Library"), read into rows. */
import { AUTHOR_MAX, IMPORT_SHELVES_PER_ROW, TITLE_MAX } from '../import-row.ts';
import {
  SHELF_NAMES,
  dayOf,
  isbnOf,
  namesOf,
  reviewOf,
  starsOf,
  type ImportSource,
} from '../import-source.ts';

/** The Goodreads export: its Exclusive Shelf is the shelf, its Bookshelves the member's own. */
export const goodreads = {
  id: 'goodreads',
  name: 'Goodreads',
  label: 'Goodreads',
  columns: ['Title', 'Author', 'ISBN13', 'Exclusive Shelf'],
  row(get, row) {
    const exclusive = get('Exclusive Shelf').trim();
    const shelf = SHELF_NAMES[exclusive] ?? null;
    const own = namesOf(get('Bookshelves')).filter((name) => !(name in SHELF_NAMES));
    // A shelf of the member's own that Goodreads made exclusive (say, "did-not-finish") is one of their shelves here.
    const custom = shelf === null && exclusive !== '' && !own.includes(exclusive) ? [exclusive, ...own] : own;
    return {
      row,
      title: get('Title').trim().slice(0, TITLE_MAX),
      author: get('Author').trim().slice(0, AUTHOR_MAX),
      isbn13: isbnOf(get('ISBN13'), get('ISBN')),
      shelf,
      custom_shelves: custom.slice(0, IMPORT_SHELVES_PER_ROW),
      rating: starsOf(get('My Rating'), 'My Rating'),
      review: reviewOf(get('My Review')),
      started_on: null,
      finished_on: dayOf(get('Date Read'), 'Date Read'),
      added_on: dayOf(get('Date Added'), 'Date Added'),
    };
  },
} as const satisfies ImportSource<'goodreads'>;
