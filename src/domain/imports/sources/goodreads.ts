/** Goodreads' library export ("Export Library"), read into rows. */
import { IMPORT_SHELVES_PER_ROW, NO_IMPORTED_FEEL } from '../import-row.ts';
import * as cell from '../import-source.ts';

/** The Goodreads export: its Exclusive Shelf is the shelf, its Bookshelves the member's own. */
export const goodreads = {
  id: 'goodreads',
  name: 'Goodreads',
  label: 'Goodreads',
  columns: ['Title', 'Author', 'ISBN13', 'Exclusive Shelf'],
  row(get, row) {
    const exclusive = get('Exclusive Shelf').trim();
    const shelf = cell.SHELF_NAMES[exclusive] ?? null;
    const own = cell.namesOf(get('Bookshelves')).filter((name) => !(name in cell.SHELF_NAMES));
    // A shelf of the member's own that Goodreads made exclusive (say, "did-not-finish") is one of their shelves here.
    const custom = shelf === null && exclusive !== '' && !own.includes(exclusive) ? [exclusive, ...own] : own;
    return {
      row,
      title: cell.titleOf(get('Title')),
      author: cell.authorOf(get('Author')),
      isbn13: cell.isbnOf(get('ISBN13'), get('ISBN')),
      shelf,
      custom_shelves: custom.slice(0, IMPORT_SHELVES_PER_ROW),
      rating: cell.starsOf(get('My Rating'), 'My Rating'),
      review: cell.reviewOf(get('My Review')),
      started_on: null,
      finished_on: cell.dayOf(get('Date Read'), 'Date Read'),
      added_on: cell.dayOf(get('Date Added'), 'Date Added'),
      owned: Number(get('Owned Copies').trim() || '0') > 0,
      // Goodreads keeps no moods, pace or warnings.
      feel: NO_IMPORTED_FEEL,
    };
  },
} as const satisfies cell.ImportSource<'goodreads'>;
