// Reading an export as people really have it after a spreadsheet saved it again:
// ISBN formulas without CSV quotes, semicolons or tabs between fields, Windows-1252
// bytes instead of UTF-8, and rows that cannot be read named by their spreadsheet
// row number while the good ones are kept.
import { describe, expect, it } from 'vitest';
import { problemText } from '../../../../src/domain/imports/import-row.ts';
import { READING_IMPORT_MESSAGES, decodeCsvBytes } from '../../../../src/domain/imports/reading-csv.ts';
import { csvDelimiter, parseReadingCsv, parseReadingCsvBytes } from '../../../../src/lib/reading-csv-file.ts';

const GOODREADS = 'Book Id,Title,Author,ISBN,ISBN13,My Rating,Date Read,Exclusive Shelf,My Review';
const STORYGRAPH = 'Title,Authors,ISBN/UID,Read Status,Star Rating';

const file = (...lines: string[]) => lines.join('\r\n');

describe('a file a spreadsheet saved again', () => {
  it('reads ISBNs written as formulas without CSV quotes', () => {
    const parsed = parseReadingCsv(
      file(
        GOODREADS,
        '1,Cosmos,Carl Sagan,="0306406152",="",4,2020/05/17,read,',
        '2,Dune,Frank Herbert,="",="9780441013593",0,,to-read,',
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows.map((row) => [row.row, row.title, row.isbn13])).toEqual([
      [2, 'Cosmos', '9780306406157'],
      [3, 'Dune', '9780441013593'],
    ]);
  });

  it('reads semicolons between fields, with commas and semicolons inside quoted ones', () => {
    const text = file(
      GOODREADS.replaceAll(',', ';'),
      '1;"The Hunger Games (The Hunger Games, #1)";Suzanne Collins;="0439023483";;5;2020/05/17;read;"Tense; loved it"',
      '2;Dune;Frank Herbert;;;3;;to-read;',
    );
    expect(csvDelimiter(text)).toBe(';');
    const parsed = parseReadingCsv(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.layout).toBe('goodreads');
    expect(parsed.rows).toEqual([
      expect.objectContaining({
        row: 2,
        title: 'The Hunger Games (The Hunger Games, #1)',
        isbn13: '9780439023481',
        rating: 5,
        review: 'Tense; loved it',
      }),
      expect.objectContaining({ row: 3, title: 'Dune', shelf: 'want-to-read', rating: 3 }),
    ]);
  });

  it('reads a StoryGraph half star written with a decimal comma', () => {
    const parsed = parseReadingCsv(
      file(
        STORYGRAPH.replaceAll(',', ';'),
        'Circe;Madeline Miller;;read;4,5',
        'Ulysses;James Joyce;;read;2,25',
      ),
    );
    expect(parsed.ok && parsed.rows.map((row) => row.rating)).toEqual([5, 2]);
  });

  it('reads tabs between fields, and keeps commas as the separator of every other file', () => {
    expect(csvDelimiter(file(STORYGRAPH.replaceAll(',', '\t'), 'Circe\tMadeline Miller\t\tread\t4'))).toBe(
      '\t',
    );
    expect(csvDelimiter('name;email\nAnn;ann@example.com')).toBe(',');
    expect(parseReadingCsv('name;email\nAnn;ann@example.com')).toEqual({
      ok: false,
      message: READING_IMPORT_MESSAGES.notCsv,
    });
    expect(parseReadingCsv('name,email\nAnn,ann@example.com')).toEqual({
      ok: false,
      message: READING_IMPORT_MESSAGES.unknownLayout,
    });
  });

  it('reads Windows-1252 bytes when they are not UTF-8, and UTF-8 as it is', () => {
    const latin = Uint8Array.from(
      [...file(STORYGRAPH, 'Caf\u00e9 Stories,Ren\u00e9e Ch\u00e2telet,,read,4')].map((c) => c.charCodeAt(0)),
    );
    expect(decodeCsvBytes(latin)).toContain('Café Stories,Renée Châtelet');
    // 0x93 and 0x94 are Windows-1252's curly quotes.
    expect(decodeCsvBytes(Uint8Array.from([0x93, 0x41, 0x94]))).toBe('\u201cA\u201d');
    const utf8 = new TextEncoder().encode(file(STORYGRAPH, 'Café Stories,Renée Châtelet,,read,4'));
    for (const bytes of [latin, utf8]) {
      const parsed = parseReadingCsvBytes(bytes);
      expect(parsed.ok && parsed.rows.map((row) => [row.title, row.author])).toEqual([
        ['Café Stories', 'Renée Châtelet'],
      ]);
    }
  });

  it('names each row that cannot be read by its spreadsheet row and imports the good ones', () => {
    const parsed = parseReadingCsv(
      file(
        GOODREADS,
        '1,Quoted,An Author,,,4,,read,"Line one',
        'line two"',
        '2,Bad Date,An Author,,,4,2020/13/45,read,',
        '',
        '3,"Stray"quote,An Author,,,4,,read,',
        '4,Good,An Author,="0306406152",,4,,read,',
        '5,"Never closed,An Author,,,4,,read,',
        '6,Swallowed,An Author,,,4,,read,',
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => [row.row, row.title])).toEqual([
      [2, 'Quoted'],
      [5, '"Stray"quote'],
      [6, 'Good'],
      // After the quote that never closes, the file is read again from the next line.
      [8, 'Swallowed'],
    ]);
    expect(parsed.problems.map(problemText)).toEqual([
      'Row 3: the Date Read “2020/13/45” is not a date (YYYY/MM/DD).',
      'Row 7: its quotes are not closed, so the row cannot be read.',
    ]);
  });
});
