// Export files as readers really upload them: a Goodreads export with its ISBN
// formulas written without CSV quotes (as Goodreads and Excel write them), a
// semicolon file from a European spreadsheet, the bytes of a Windows-1252, UTF-16
// or BOM-marked UTF-8 save, and files whose broken rows are named by the row a
// spreadsheet shows while every other row is imported.
import { describe, expect, it } from 'vitest';
import { problemText } from '../../../../src/domain/imports/import-row.ts';
import { isbnOf } from '../../../../src/domain/imports/import-source.ts';
import { decodeCsvBytes, READING_IMPORT_MESSAGES } from '../../../../src/domain/imports/reading-csv.ts';
import {
  csvDelimiter,
  csvRecords,
  parseReadingCsv,
  parseReadingCsvBytes,
} from '../../../../src/lib/reading-csv-file.ts';

const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

const STORYGRAPH_HEADER =
  'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';

/** A Goodreads export as Goodreads writes it: ISBN formulas bare, text quoted only where it must be. */
const GOODREADS_EXPORT = [
  GOODREADS_HEADER,
  '55361205,Cosmos,Carl Sagan,"Sagan, Carl",,="0306406152",="9780306406157",4,4.39,Ballantine Books,Paperback,396,2013,1980,2020/05/17,2019/01/02,science,science (#3),read,"A universe in one book.",,,1,0',
  '2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,="0439023483",="9780439023481",5,4.33,Scholastic Press,Hardcover,374,2008,2008,,2019/01/02,,,currently-reading,,,,0,0',
  '234225,Dune (Dune #1),Frank Herbert,"Herbert, Frank",,="",="",0,4.27,Ace Books,Paperback,896,2005,1965,,2021/03/04,,,to-read,,,,0,0',
  '22328,"Neuromancer (Sprawl, #1)",William Gibson,"Gibson, William",,"=""0441569595""","=""9780441569595""",3,3.89,Ace,Paperback,271,2000,1984,2018/11/02,2018/10/01,,,read,,,,1,0',
];

const crlf = (lines: string[]) => lines.join('\r\n');

/** The bytes of `text` in UTF-16 with its byte-order mark, little- or big-endian. */
function utf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    const [low, high] = [code & 0xff, code >> 8];
    bytes.set(endian === 'le' ? [low, high] : [high, low], 2 + i * 2);
  }
  return bytes;
}

/** The bytes of `text` in Windows-1252 (every character here is in Latin-1's printable range). */
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((char) => char.charCodeAt(0)));
}

describe('a Goodreads export whose ISBNs are formulas without CSV quotes', () => {
  it('reads every book, the ISBN cell as the digits inside the formula', () => {
    const text = crlf(GOODREADS_EXPORT);
    const { records } = csvRecords(text) as Extract<ReturnType<typeof csvRecords>, { ok: true }>;
    const isbn = GOODREADS_HEADER.split(',').indexOf('ISBN');
    // The cell is the formula as written; isbnOf takes the digits out of it.
    expect(records[1]!.cells[isbn]).toBe('="0306406152"');
    expect(isbnOf(records[1]!.cells[isbn]!)).toBe('9780306406157');
    expect(records[4]!.cells[isbn]).toBe('="0441569595"');

    const parsed = parseReadingCsv(text);
    expect(parsed).toMatchObject({ ok: true, layout: 'goodreads', problems: [] });
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => [row.row, row.title, row.isbn13, row.shelf])).toEqual([
      [2, 'Cosmos', '9780306406157', 'read'],
      [3, 'The Hunger Games (The Hunger Games, #1)', '9780439023481', 'reading'],
      [4, 'Dune (Dune #1)', null, 'want-to-read'],
      [5, 'Neuromancer (Sprawl, #1)', '9780441569595', 'read'],
    ]);
  });

  it('reads the ISBN-10 alone when the ISBN13 formula is empty', () => {
    const parsed = parseReadingCsv(
      crlf([
        GOODREADS_HEADER,
        '1,Cosmos,Carl Sagan,"Sagan, Carl",,="0306406152",="",4,4.39,,,,,,2020/05/17,2019/01/02,,,read,,,,1,0',
      ]),
    );
    expect(parsed.ok && parsed.rows.map((row) => row.isbn13)).toEqual(['9780306406157']);
  });
});

describe('a file saved with semicolons between fields', () => {
  it('finds the separator from the header row and reads commas inside fields as text', () => {
    const text = crlf([
      GOODREADS_HEADER.replaceAll(',', ';'),
      '55361205;Cosmos;Carl Sagan;Sagan, Carl;;="0306406152";="9780306406157";4;4,39;Ballantine Books;Paperback;396;2013;1980;2020/05/17;2019/01/02;;;read;"Dense; wonderful, though.";;;1;0',
      '2767052;"The Hunger Games (The Hunger Games, #1)";Suzanne Collins;Collins, Suzanne;;="0439023483";="9780439023481";5;4,33;Scholastic Press;Hardcover;374;2008;2008;;2019/01/02;;;to-read;;;;0;0',
    ]);
    expect(csvDelimiter(text)).toBe(';');
    const parsed = parseReadingCsv(text);
    expect(parsed).toMatchObject({ ok: true, layout: 'goodreads', problems: [] });
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => [row.row, row.title, row.author, row.isbn13, row.review])).toEqual([
      [2, 'Cosmos', 'Carl Sagan', '9780306406157', 'Dense; wonderful, though.'],
      [3, 'The Hunger Games (The Hunger Games, #1)', 'Suzanne Collins', '9780439023481', ''],
    ]);
  });

  it('keeps the header’s separator for every row, even one with more commas than semicolons', () => {
    const text = crlf([
      'Title;Authors;ISBN/UID;Read Status;Star Rating',
      'Circe;Madeline Miller;9781526622389;read;4,5',
      'Ham, Eggs, and Toast, a Memoir;Ann Author, Bob Author;;to-read;',
    ]);
    const parsed = parseReadingCsv(text);
    expect(parsed.ok && parsed.rows.map((row) => [row.title, row.author, row.rating])).toEqual([
      ['Circe', 'Madeline Miller', 5],
      ['Ham, Eggs, and Toast, a Memoir', 'Ann Author', null],
    ]);
  });
});

describe('the bytes of a file', () => {
  const storygraph = crlf([
    STORYGRAPH_HEADER,
    'Café Society,Renée Châtelet,,9780306406157,paperback,read,2021/02/03,2021/04/05,2021/03/01-2021/04/05,1,,,,,,,,4.5,Très « beau ».,,,,No',
  ]);

  it('decodes Windows-1252 bytes (é as 0xE9) instead of writing U+FFFD', () => {
    const bytes = windows1252(storygraph);
    expect(bytes.includes(0xe9)).toBe(true);
    const text = decodeCsvBytes(bytes);
    expect(text).not.toContain('\uFFFD');
    expect(text).toContain('Café Society,Renée Châtelet');
    // The same bytes as the browser hands them, an ArrayBuffer.
    expect(decodeCsvBytes(bytes.buffer as ArrayBuffer)).toBe(text);
    const parsed = parseReadingCsvBytes(bytes);
    expect(parsed.ok && parsed.rows.map((row) => [row.title, row.author, row.review])).toEqual([
      ['Café Society', 'Renée Châtelet', 'Très « beau ».'],
    ]);
  });

  it('reads UTF-8 with and without its byte-order mark', () => {
    const plain = new TextEncoder().encode(storygraph);
    const marked = Uint8Array.from([0xef, 0xbb, 0xbf, ...plain]);
    expect(decodeCsvBytes(marked)).toBe(storygraph);
    for (const bytes of [plain, marked]) {
      const parsed = parseReadingCsvBytes(bytes);
      expect(parsed).toMatchObject({ ok: true, layout: 'storygraph' });
      expect(parsed.ok && parsed.rows.map((row) => row.author)).toEqual(['Renée Châtelet']);
    }
  });

  it('reads UTF-16 little- and big-endian with a byte-order mark (Excel’s “Unicode text”, tabs between fields)', () => {
    const text = crlf(
      [
        GOODREADS_HEADER.split(','),
        [
          '55361205',
          'Cosmos — Édition',
          'Carl Sagan',
          'Sagan, Carl',
          '',
          '="0306406152"',
          '="9780306406157"',
          '4',
        ],
        [
          '2767052',
          'The Hunger Games (The Hunger Games, #1)',
          'Suzanne Collins',
          '',
          '',
          '',
          '="9780439023481"',
          '5',
        ],
      ].map((cells) => cells.join('\t')),
    );
    for (const endian of ['le', 'be'] as const) {
      const bytes = utf16(text, endian);
      expect(decodeCsvBytes(bytes)).toBe(text);
      const parsed = parseReadingCsvBytes(bytes);
      expect(parsed).toMatchObject({ ok: true, layout: 'goodreads', problems: [] });
      expect(parsed.ok && parsed.rows.map((row) => [row.title, row.isbn13])).toEqual([
        ['Cosmos — Édition', '9780306406157'],
        ['The Hunger Games (The Hunger Games, #1)', '9780439023481'],
      ]);
    }
  });
});

describe('a file with rows that cannot be read', () => {
  it('names a broken row in the middle by its spreadsheet row and imports the rows around it', () => {
    const parsed = parseReadingCsv(
      crlf([
        GOODREADS_EXPORT[0]!,
        GOODREADS_EXPORT[1]!,
        // Row 3: a review whose closing quote a hand edit lost.
        '1,Middlemarch,George Eliot,"Eliot, George",,="",="",5,3.98,,,,,,2022/01/09,2022/01/01,,,read,"Slow, then wonderful.,,,1,0',
        GOODREADS_EXPORT[2]!,
        GOODREADS_EXPORT[3]!,
      ]),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => [row.row, row.title])).toEqual([
      [2, 'Cosmos'],
      [4, 'The Hunger Games (The Hunger Games, #1)'],
      [5, 'Dune (Dune #1)'],
    ]);
    expect(parsed.problems.map(problemText)).toEqual([
      'Row 3: its quotes are not closed, so the row cannot be read.',
    ]);
  });

  it('names every broken row, counting empty lines and line breaks inside quotes as a spreadsheet does', () => {
    // Row 3's open quote would take rows 4 to 6 into its field, up to the quote of row 6.
    const parsed = parseReadingCsv(
      crlf([
        'Title,Authors,ISBN/UID,Read Status,Star Rating,Review',
        'Circe,Madeline Miller,,read,4,"Two lines',
        'of review"',
        '"Broken,Ann Author,,read,3,',
        '',
        'Ulysses,James Joyce,,read,2,',
        'Also "broken,Bob Author,,read,x,"never closed',
        'Emma,Jane Austen,,read,5,',
      ]),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => [row.row, row.title])).toEqual([
      [2, 'Circe'],
      [5, 'Ulysses'],
      [7, 'Emma'],
    ]);
    expect(parsed.problems.map(problemText)).toEqual([
      'Row 3: its quotes are not closed, so the row cannot be read.',
      'Row 6: its quotes are not closed, so the row cannot be read.',
    ]);
  });

  it('names the rows when none can be read, instead of saying the file has no books', () => {
    const parsed = parseReadingCsv(
      crlf([STORYGRAPH_HEADER, '"Circe,Madeline Miller,,,,read', '"Emma,Jane Austen,,,,read']),
    );
    expect(parsed).toEqual({
      ok: true,
      layout: 'storygraph',
      rows: [],
      problems: [
        { row: 2, message: 'its quotes are not closed, so the row cannot be read.' },
        { row: 3, message: 'its quotes are not closed, so the row cannot be read.' },
      ],
    });
    // A header with no rows under it is still refused as such.
    expect(parseReadingCsv(STORYGRAPH_HEADER)).toEqual({
      ok: false,
      message: READING_IMPORT_MESSAGES.noRows,
    });
  });

  it('refuses a file whose header row’s quotes never close as not an export', () => {
    expect(
      parseReadingCsv(crlf(['"Title,Authors,ISBN/UID,Read Status', 'Circe,Madeline Miller,,read'])),
    ).toEqual({
      ok: false,
      message: READING_IMPORT_MESSAGES.unknownLayout,
    });
  });
});
