/** A book's catalogue fields, every one set, shared by the unit and functions tests. */

/** The catalogue of a book with all its fields valid, as stored (ISBN-13, ISO date). */
export const CATALOGUE = {
  isbn: '9780306406157',
  publication_date: '2027-03-14',
  pages: 312,
  language: 'fr',
  publisher: 'Harbour Press',
  series: 'The Tidewater Trilogy',
  series_number: 2.5,
} as const;
