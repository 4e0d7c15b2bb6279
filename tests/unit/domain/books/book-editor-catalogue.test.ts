// The book editor's catalogue inputs: what a stored book shows in them, what
// they save (an ISBN-10 as its ISBN-13, empty inputs as null), the inline
// messages, and a kept draft from before the fields existed clearing nothing.
import { describe, expect, it } from 'vitest';
import {
  bookEditorSchema,
  editorToBookForm,
  inputsToCatalogue,
  toEditorValues,
  type BookEditorValues,
} from '../../../../src/domain/books/book-editor.ts';
import { CATALOGUE_MESSAGES } from '../../../../src/domain/books/catalogue.ts';
import { ISBN_MESSAGES } from '../../../../src/domain/books/isbn.ts';
import { CATALOGUE } from '../../../shared/catalogue.ts';
import { storedBook } from '../../helpers/book.ts';

const catalogued = storedBook(CATALOGUE);

/** The editor's messages for `values`, by field path. */
function messagesOf(values: BookEditorValues): Record<string, string> {
  const result = bookEditorSchema.safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('catalogue inputs', () => {
  it('show a stored book’s values, the ISBN hyphenated, and save them back unchanged', () => {
    const values = toEditorValues(catalogued);
    expect(values).toMatchObject({
      isbn: '978-030640615-7',
      publication_date: '2027-03-14',
      pages: '312',
      language: 'fr',
      publisher: 'Harbour Press',
      series: 'The Tidewater Trilogy',
      series_number: '2.5',
    });
    expect(messagesOf(values)).toEqual({});
    expect(editorToBookForm(values)).toMatchObject(CATALOGUE);
  });

  it('are empty for a book without them, and save as null', () => {
    const values = toEditorValues(storedBook());
    expect(values).toMatchObject({
      isbn: '',
      publication_date: '',
      pages: '',
      language: '',
      series_number: '',
    });
    const form = editorToBookForm(values);
    for (const field of [
      'isbn',
      'publication_date',
      'pages',
      'language',
      'publisher',
      'series',
      'series_number',
    ])
      expect(form).toHaveProperty(field, null);
  });

  it('store an ISBN-10 typed with hyphens as its ISBN-13, and trim the text', () => {
    const form = editorToBookForm({
      ...toEditorValues(storedBook()),
      isbn: ' 0-306-40615-2 ',
      publisher: '  Harbour Press ',
      series: ' Tides ',
      series_number: '3',
      pages: ' 88 ',
    });
    expect(form).toMatchObject({
      isbn: '9780306406157',
      publisher: 'Harbour Press',
      series: 'Tides',
      series_number: 3,
      pages: 88,
    });
  });

  it('say what is wrong inline', () => {
    const base = toEditorValues(storedBook());
    expect(messagesOf({ ...base, isbn: '0-306-40615-3' })).toEqual({ isbn: ISBN_MESSAGES.checkDigit });
    expect(messagesOf({ ...base, isbn: '12345' })).toEqual({ isbn: ISBN_MESSAGES.length });
    expect(messagesOf({ ...base, publication_date: '2027-02-30' })).toEqual({
      publication_date: CATALOGUE_MESSAGES.date,
    });
    expect(messagesOf({ ...base, pages: '0' })).toEqual({ pages: CATALOGUE_MESSAGES.pages });
    expect(messagesOf({ ...base, pages: '12.5' })).toEqual({ pages: CATALOGUE_MESSAGES.pages });
    expect(messagesOf({ ...base, pages: 'many' })).toEqual({ pages: CATALOGUE_MESSAGES.pages });
    expect(messagesOf({ ...base, series: 'S', series_number: '2.25' })).toEqual({
      series_number: CATALOGUE_MESSAGES.seriesNumber,
    });
    expect(messagesOf({ ...base, language: 'xx' })).toHaveProperty('language');
  });

  it('refuse a number in a series without the series', () => {
    const base = toEditorValues(storedBook());
    expect(messagesOf({ ...base, series_number: '2' })).toEqual({
      series_number: CATALOGUE_MESSAGES.seriesNumberWithoutSeries,
    });
    expect(messagesOf({ ...base, series: '  ', series_number: '2' })).toEqual({
      series_number: CATALOGUE_MESSAGES.seriesNumberWithoutSeries,
    });
    expect(messagesOf({ ...base, series: 'Tides', series_number: '2' })).toEqual({});
    expect(messagesOf({ ...base, series: 'Tides', series_number: '' })).toEqual({});
  });

  it('leave out a field the values do not hold (a draft kept before it existed), so the save keeps it', () => {
    expect(inputsToCatalogue({ isbn: '0306406152' })).toEqual({ isbn: '9780306406157' });
    const draft: Partial<BookEditorValues> = { ...toEditorValues(storedBook()) };
    delete draft.isbn;
    delete draft.series;
    const form = editorToBookForm(draft as BookEditorValues);
    expect(form).not.toHaveProperty('isbn');
    expect(form).not.toHaveProperty('series');
    expect(form).toHaveProperty('pages', null);
  });
});
