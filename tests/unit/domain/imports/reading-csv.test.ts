// Reading a Goodreads or StoryGraph export and writing one in Goodreads' layout:
// the layouts told apart by their header rows, every field read as Shelfmark
// keeps it (ISBN formulas, dates, half stars, <br/> in reviews, exclusive and
// custom shelves), broken rows named by their row number while the good ones are
// kept, whole files refused with a clear message, and the export read back in.
import { describe, expect, it } from 'vitest';
import {
  GOODREADS_COLUMNS,
  goodreadsCsv,
  type ExportRow,
} from '../../../../src/domain/imports/goodreads-export.ts';
import {
  READING_IMPORT_LIMITS,
  READING_IMPORT_MESSAGES,
} from '../../../../src/domain/imports/reading-csv.ts';
import { detectLayout } from '../../../../src/domain/imports/import-sources.ts';
import { NO_IMPORTED_FEEL } from '../../../../src/domain/imports/import-row.ts';
import { STORYGRAPH_COLUMNS, storygraphCsv } from '../../../../src/domain/imports/storygraph-export.ts';
import {
  importDayProblem,
  importRowSchema,
  lastImportDay,
  problemText,
  type ImportRow,
} from '../../../../src/domain/imports/import-row.ts';
import { parseReadingCsv } from '../../../../src/lib/reading-csv-file.ts';
import { importRow } from '../../../shared/reading-import.ts';

const GOODREADS_HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

const STORYGRAPH_HEADER =
  'Title,Authors,Contributors,ISBN/UID,Format,Read Status,Date Added,Last Date Read,Dates Read,Read Count,Moods,Pace,Character- or Plot-Driven?,Strong Character Development?,Loveable Characters?,Diverse Characters?,Flawed Characters?,Star Rating,Review,Content Warnings,Content Warning Description,Tags,Owned?';

const goodreads = (...lines: string[]) => [GOODREADS_HEADER, ...lines].join('\n');

describe('reading a Goodreads export', () => {
  it('reads each field as Shelfmark keeps it', () => {
    const parsed = parseReadingCsv(
      goodreads(
        '2767052,"The Hunger Games (The Hunger Games, #1)",Suzanne Collins,"Collins, Suzanne",,"=""0439023483""","=""9780439023481""",5,4.33,Scholastic Press,Hardcover,374,2008,2008,2020/05/17,2019/01/02,"favorites, dystopia",,read,"Loved it.<br/><br/>Would read <b>again</b>.",,,2,0',
        '1,Dune,Frank Herbert,"Herbert, Frank",,"=""""","=""""",0,4.2,,,,,,,2021/3/4,,,to-read,,,,0,0',
        '2,Middlemarch,George Eliot,"Eliot, George",,,,3,,,,,,,,2022/01/05,"did-not-finish",,did-not-finish,,,,0,0',
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.layout).toBe('goodreads');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows).toEqual([
      {
        row: 2,
        title: 'The Hunger Games (The Hunger Games, #1)',
        author: 'Suzanne Collins',
        isbn13: '9780439023481',
        shelf: 'read',
        custom_shelves: ['favorites', 'dystopia'],
        rating: 5,
        review: 'Loved it.\n\nWould read again.',
        started_on: null,
        finished_on: '2020-05-17',
        added_on: '2019-01-02',
        owned: false,
        feel: NO_IMPORTED_FEEL,
      },
      expect.objectContaining({
        row: 3,
        title: 'Dune',
        isbn13: null,
        rating: null,
        shelf: 'want-to-read',
        added_on: '2021-03-04',
      }),
      // Goodreads' did-not-finish is Shelfmark's Did not finish shelf, not a shelf of the member's own.
      expect.objectContaining({ row: 4, shelf: 'did-not-finish', custom_shelves: [], rating: 3 }),
    ]);
  });

  it('takes an ISBN-10 as its ISBN-13, and sets aside one whose check digit is wrong', () => {
    const parsed = parseReadingCsv(
      goodreads(
        '1,A,B,,,"=""0439023483""","=""""",0,,,,,,,,,,,read,,,,0,0',
        '2,C,D,,,"=""0439023484""","=""9780439023482""",0,,,,,,,,,,,read,,,,0,0',
      ),
    );
    expect(parsed.ok && parsed.rows.map((row) => row.isbn13)).toEqual(['9780439023481', null]);
  });

  it('names each broken row by its number and keeps the rows that were fine', () => {
    const parsed = parseReadingCsv(
      goodreads(
        '1,Good Book,An Author,,,,,4,,,,,,,2020/01/01,,,,read,,,,1,0',
        '2,Bad Date,An Author,,,,,4,,,,,,,2020/13/45,,,,read,,,,1,0',
        '3,,No Title,,,,,4,,,,,,,,,,,read,,,,1,0',
        '4,Bad Stars,An Author,,,,,9,,,,,,,,,,,read,,,,1,0',
        '5,Also Good,An Author,,,,,0,,,,,,,,,,,to-read,,,,0,0',
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => row.title)).toEqual(['Good Book', 'Also Good']);
    expect(parsed.problems.map(problemText)).toEqual([
      'Row 3: the Date Read “2020/13/45” is not a date (YYYY/MM/DD).',
      'Row 4: it has no title.',
      'Row 5: the My Rating “9” is not a rating from 0 to 5.',
    ]);
  });

  it('refuses dates after today and before the year 1000, by row', () => {
    const parsed = parseReadingCsv(
      goodreads(
        '1,Far Future,An Author,,,,,4,,,,,,,2999/01/01,,,,read,,,,1,0',
        '2,Long Ago,An Author,,,,,4,,,,,,,0999/12/31,,,,read,,,,1,0',
        '3,Leap Day,An Author,,,,,4,,,,,,,2024/02/29,,,,read,,,,1,0',
      ),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => row.finished_on)).toEqual(['2024-02-29']);
    expect(parsed.problems.map(problemText)).toEqual([
      'Row 2: the Date Read “2999/01/01” is after today.',
      'Row 3: the Date Read “0999/12/31” is before the year 1000.',
    ]);
  });

  it('names a row whose quotes are not closed, and reads the rows before it', () => {
    const parsed = parseReadingCsv(
      goodreads('1,Fine,An Author,,,,,4,,,,,,,,,,,read,,,,1,0', '2,"Broken,An Author,,,,,4'),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.rows.map((row) => row.title)).toEqual(['Fine']);
    expect(parsed.problems).toHaveLength(1);
    expect(problemText(parsed.problems[0]!)).toMatch(/^Row \d+: its quotes are not closed/);
  });

  it('reads a byte-order mark, CRLF line ends and line breaks inside a quoted review', () => {
    const parsed = parseReadingCsv(
      `\uFEFF${GOODREADS_HEADER}\r\n1,Quoted,An Author,,,,,4,,,,,,,,,,,read,"Line one\r\nline ""two""",,,1,0\r\n`,
    );
    expect(parsed.ok && parsed.rows[0]?.review).toBe('Line one\r\nline "two"');
  });
});

describe('reading a StoryGraph export', () => {
  it('reads its columns, its half stars and the latest of its readings', () => {
    const parsed = parseReadingCsv(
      [
        STORYGRAPH_HEADER,
        'Piranesi,"Susanna Clarke, Someone Else",,9781635575637,hardcover,read,2021/01/10,2021/02/20,"2020/03/01-2020/03/09, 2021/02/01-2021/02/20",2,"mysterious, Reflective, cozy",slow,,,,,,4.5,Strange and <i>lovely</i>.,"Graphic: Death; Moderate: Self Harm, Isolation",Brief.,"fantasy, comfort",Yes',
        'Circe,Madeline Miller,,B0UIDNOTISBN,,currently-reading,2022/05/01,,,0,,,,,,,,,,,,,No',
        'Ulysses,James Joyce,,,,did-not-finish,2019/01/01,,,0,,,,,,,,2.25,,,,,No',
      ].join('\n'),
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.layout).toBe('storygraph');
    expect(parsed.rows).toEqual([
      {
        row: 2,
        title: 'Piranesi',
        author: 'Susanna Clarke',
        isbn13: '9781635575637',
        shelf: 'read',
        custom_shelves: ['fantasy', 'comfort'],
        rating: 5,
        review: 'Strange and lovely.',
        started_on: '2021-02-01',
        finished_on: '2021-02-20',
        added_on: '2021-01-10',
        owned: true,
        // Its moods and pace as Shelfmark lists them (an unknown mood left out), its warnings,
        // and a note keeping the description and the warning Shelfmark does not list.
        feel: {
          moods: ['mysterious', 'reflective'],
          pace: 'slow',
          warnings: ['death', 'self-harm'],
          warning_note: 'Brief.; Isolation',
        },
      },
      expect.objectContaining({
        title: 'Circe',
        isbn13: null,
        shelf: 'reading',
        rating: null,
        feel: NO_IMPORTED_FEEL,
      }),
      expect.objectContaining({
        title: 'Ulysses',
        shelf: 'did-not-finish',
        custom_shelves: [],
        rating: 2,
      }),
    ]);
  });
});

describe('whole files that cannot be read', () => {
  it('refuses an empty file, a binary one, an unknown layout, a header alone and one too large', () => {
    const refused = (text: string, bytes?: number) => {
      const parsed = parseReadingCsv(text, bytes);
      return parsed.ok ? 'read' : parsed.message;
    };
    expect(refused('')).toBe(READING_IMPORT_MESSAGES.empty);
    expect(refused('PK\u0003\u0004\u0000\u0000binary')).toBe(READING_IMPORT_MESSAGES.notCsv);
    expect(refused('name,email\nAnn,ann@example.com')).toBe(READING_IMPORT_MESSAGES.unknownLayout);
    expect(refused('just some words in a text file')).toBe(READING_IMPORT_MESSAGES.notCsv);
    expect(refused(GOODREADS_HEADER)).toBe(READING_IMPORT_MESSAGES.noRows);
    expect(refused(goodreads('1,A,B'), READING_IMPORT_LIMITS.maxBytes + 1)).toBe(
      READING_IMPORT_MESSAGES.tooBig,
    );
    const many = goodreads(
      ...Array.from({ length: READING_IMPORT_LIMITS.maxRows + 1 }, (_, i) => `${i},T${i},A`),
    );
    expect(refused(many)).toBe(READING_IMPORT_MESSAGES.tooManyRows);
  });

  it('tells the layouts apart by their header rows', () => {
    expect(detectLayout(GOODREADS_HEADER.split(','))).toBe('goodreads');
    expect(detectLayout(STORYGRAPH_HEADER.split(','))).toBe('storygraph');
    expect(detectLayout(['Title', 'Author'])).toBeNull();
  });
});

describe('"Export my reading" in Goodreads’ layout', () => {
  const row: ExportRow = {
    bookId: 'b1',
    title: 'Salt, and "Lanterns"',
    author: 'Ann Marie Archer',
    isbn13: '9780439023481',
    shelf: 'read',
    customShelves: ['favorites'],
    rating: 4,
    review: 'Two\nlines',
    finishedOn: '2026-03-14',
    addedOn: '2026-01-02',
    pages: 320,
    publisher: 'Harbour Press',
    year: 2025,
    readCount: 2,
  };

  it('writes Goodreads’ header and each book, and reads back in as it was', () => {
    const csv = goodreadsCsv([
      row,
      {
        ...row,
        bookId: '',
        title: 'Not here yet',
        isbn13: null,
        shelf: 'want-to-read',
        customShelves: [],
        rating: null,
        review: '',
        finishedOn: null,
        readCount: 0,
      },
    ]);
    expect(csv.split('\r\n')[0]).toBe(GOODREADS_COLUMNS.join(','));
    expect(csv).toContain('"Archer, Ann Marie"');
    expect(csv).toContain(',0439023483,9780439023481,4,');
    const parsed = parseReadingCsv(csv);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows[0]).toEqual({
      row: 2,
      title: 'Salt, and "Lanterns"',
      author: 'Ann Marie Archer',
      isbn13: '9780439023481',
      shelf: 'read',
      custom_shelves: ['favorites'],
      rating: 4,
      review: 'Two\nlines',
      started_on: null,
      finished_on: '2026-03-14',
      added_on: '2026-01-02',
      owned: false,
      feel: NO_IMPORTED_FEEL,
    });
    expect(parsed.rows[1]).toMatchObject({
      title: 'Not here yet',
      shelf: 'want-to-read',
      rating: null,
      isbn13: null,
    });
  });
});

describe('a row’s dates on the server', () => {
  const now = Date.parse('2026-12-06T12:00:00Z');
  const row = (fields: Partial<ImportRow>): ImportRow =>
    importRow({ row: 7, title: 'Dated', shelf: 'read', ...fields });

  it('takes only days the calendar has, from the year 1000 to today, and nothing rolls over', () => {
    expect(importDayProblem('2026-12-06', now)).toBeNull();
    expect(importDayProblem('2024-02-29', now)).toBeNull();
    expect(importDayProblem('1000-01-01', now)).toBeNull();
    expect(importDayProblem('2026-13-01', now)).toBe('is not a real calendar day');
    expect(importDayProblem('2026-02-31', now)).toBe('is not a real calendar day');
    expect(importDayProblem('2025-02-29', now)).toBe('is not a real calendar day');
    expect(importDayProblem('0999-12-31', now)).toBe('is before the year 1000');
    expect(importDayProblem('2026-12-08', now)).toBe('is after today');
  });

  it('counts as today the day where it has begun first, so no reader’s today is refused', () => {
    // 12:00 UTC on 6 December is already 7 December at UTC+14.
    expect(lastImportDay(now)).toBe('2026-12-07');
    expect(importDayProblem('2026-12-07', now)).toBeNull();
  });

  it('names the row and the field of a refused date', () => {
    const parsed = importRowSchema.safeParse(row({ finished_on: '2026-02-31', added_on: '2026-13-01' }));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'Row 7: the finish date 2026-02-31 is not a real calendar day.',
      'Row 7: the date added 2026-13-01 is not a real calendar day.',
    ]);
    expect(importRowSchema.safeParse(row({ finished_on: '2020-05-17' })).success).toBe(true);
  });
});

describe('"Export my reading" in The StoryGraph’s layout', () => {
  const row: ExportRow = {
    bookId: 'b1',
    title: 'Salt, and "Lanterns"',
    author: 'Ann Marie Archer',
    isbn13: '9780439023481',
    shelf: 'read',
    customShelves: ['favorites', 'beach reads'],
    rating: 4,
    review: 'Two\nlines',
    finishedOn: '2026-03-14',
    addedOn: '2026-01-02',
    pages: 320,
    publisher: 'Harbour Press',
    year: 2025,
    readCount: 2,
    owned: true,
    feel: { moods: ['dark', 'tense'], pace: 'fast', warnings: ['self-harm', 'war'], warning_note: 'Brief.' },
  };

  it('writes StoryGraph’s header with the moods, pace and warnings, and reads back in as it was', () => {
    const csv = storygraphCsv([
      row,
      {
        ...row,
        title: 'Left',
        shelf: 'did-not-finish',
        customShelves: [],
        feel: undefined,
        rating: null,
      },
    ]);
    expect(csv.split('\r\n')[0]).toBe(STORYGRAPH_COLUMNS.join(','));
    const parsed = parseReadingCsv(csv);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.layout).toBe('storygraph');
    expect(parsed.problems).toEqual([]);
    expect(parsed.rows[0]).toEqual({
      row: 2,
      title: 'Salt, and "Lanterns"',
      author: 'Ann Marie Archer',
      isbn13: '9780439023481',
      shelf: 'read',
      custom_shelves: ['favorites', 'beach reads'],
      rating: 4,
      review: 'Two\nlines',
      started_on: null,
      finished_on: '2026-03-14',
      added_on: '2026-01-02',
      owned: true,
      feel: {
        moods: ['dark', 'tense'],
        pace: 'fast',
        warnings: ['self-harm', 'war'],
        warning_note: 'Brief.',
      },
    });
    expect(parsed.rows[1]).toMatchObject({
      title: 'Left',
      shelf: 'did-not-finish',
      custom_shelves: [],
      feel: NO_IMPORTED_FEEL,
    });
  });
});
