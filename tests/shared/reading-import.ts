/** Rows of a reading import, shared by the unit and functions tests. */
import { NO_IMPORTED_FEEL, type ImportRow } from '../../src/domain/imports/import-row';

/** What a row says of its book, with only what `fields` gives: no author, ISBN, shelf, rating, review, dates or moods. */
export function readingFields(fields: Partial<Omit<ImportRow, 'row'>> = {}): Omit<ImportRow, 'row'> {
  return {
    title: 'Untitled',
    author: '',
    isbn13: null,
    shelf: null,
    custom_shelves: [],
    rating: null,
    review: '',
    started_on: null,
    finished_on: null,
    added_on: null,
    owned: false,
    feel: NO_IMPORTED_FEEL,
    ...fields,
  };
}

/** An import row (row 1 unless `fields` says another) with only what `fields` gives. */
export function importRow(fields: Partial<ImportRow> = {}): ImportRow {
  const { row = 1, ...rest } = fields;
  return { row, ...readingFields(rest) };
}
