// @vitest-environment jsdom
// Bringing a reading history in from /account: a file of an unknown layout is
// refused at the field and nothing is sent; a Goodreads export shows how many
// books it holds and names the row it cannot read; Import starts the import and
// sends its rows, then shows the progress bar; an earlier import's report shows
// on arrival, with the books not on Shelfmark yet.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { READING_IMPORT_MESSAGES } from '../../../../src/domain/imports/reading-csv';
import { settle, useMounted } from '../../helpers/render';

const data = vi.hoisted(() => ({
  startReadingImport: vi.fn(),
  addReadingImportRows: vi.fn(),
  getImport: vi.fn(),
  getLatestImport: vi.fn(),
  getUnmatchedReads: vi.fn(),
  getWaitingReviews: vi.fn(async () => []),
  settleImportedReviews: vi.fn(),
}));
vi.mock('../../../../src/data/client/imports/reading-import.ts', () => data);
const { default: ReadingImport } = await import('../../../../src/islands/imports/ReadingImport');

// jsdom's File has no arrayBuffer(): read it as a browser's FileReader does.
File.prototype.arrayBuffer ??= function arrayBuffer(this: File) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(this);
  });
};

const show = useMounted();
afterEach(() => {
  for (const fn of Object.values(data)) fn.mockReset();
});

const HEADER =
  'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';

const stored = (fields: Record<string, unknown>) => ({
  id: 'imp1',
  user_id: 'u1',
  layout: 'goodreads',
  file_name: 'goodreads.csv',
  status: 'matching',
  total: 2,
  received: 2,
  processed: 0,
  matched: 0,
  unmatched: 0,
  reasons: {},
  problems: [],
  problem_count: 0,
  created_at: new Date(),
  updated_at: new Date(),
  ...fields,
});

async function choose(content: string | Uint8Array<ArrayBuffer>) {
  const input = document.querySelector<HTMLInputElement>('#reading-import-file')!;
  const file = new File([content], 'export.csv', { type: 'text/csv' });
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  await settle(() => input.dispatchEvent(new Event('change', { bubbles: true })));
  // Reading the file and the parser's module take a few turns.
  for (let i = 0; i < 20 && document.body.textContent?.includes('Reading the file'); i += 1)
    await settle(() => new Promise((resolve) => setTimeout(resolve, 10)));
}

describe('ReadingImport', () => {
  it('refuses a CSV of an unknown layout at the field and sends nothing', async () => {
    data.getLatestImport.mockResolvedValue(null);
    await show(createElement(ReadingImport, { uid: 'u1' }));
    await choose('name,email\nAnn,ann@example.com');
    expect(document.querySelector('[role="alert"]')?.textContent).toBe(READING_IMPORT_MESSAGES.unknownLayout);
    expect(data.startReadingImport).not.toHaveBeenCalled();
  });

  it('shows what a Goodreads export holds, names its broken row, and imports the rest with a progress bar', async () => {
    data.getLatestImport.mockResolvedValue(null);
    data.startReadingImport.mockResolvedValue({ ok: true, data: { import_id: 'imp1', rows_per_chunk: 200 } });
    data.addReadingImportRows.mockResolvedValue({ ok: true, data: { received: 2, status: 'matching' } });
    data.getImport.mockResolvedValue(stored({}));
    await show(createElement(ReadingImport, { uid: 'u1' }));
    await choose(
      [
        HEADER,
        '1,Tides,Ann Archer,,,,,4,,,,,,,2025/06/01,,,,read,,,,1,0',
        '2,Harbours,Ann Archer,,,,,0,,,,,,,,,,,to-read,,,,0,0',
        '3,Broken,Ann Archer,,,,,3,,,,,,,2025/13/01,,,,read,,,,1,0',
      ].join('\n'),
    );
    expect(document.body.textContent).toContain('Goodreads export: 2 books to bring in.');
    expect(document.body.textContent).toContain(
      'Row 4: the Date Read “2025/13/01” is not a date (YYYY/MM/DD).',
    );
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Import 2 books')!;
    await settle(() => button.click());
    await settle(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(data.startReadingImport).toHaveBeenCalledWith(
      expect.objectContaining({ layout: 'goodreads', total: 2, problem_count: 1 }),
    );
    expect(data.addReadingImportRows).toHaveBeenCalledWith('imp1', 0, [
      expect.objectContaining({ title: 'Tides', rating: 4, finished_on: '2025-06-01' }),
      expect.objectContaining({ title: 'Harbours', shelf: 'want-to-read' }),
    ]);
    expect(document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('10');
    expect(document.body.textContent).toContain('You can leave this page: the import goes on.');
  });

  it('reads a Goodreads export a spreadsheet saved on Windows with semicolons and bare ISBN formulas', async () => {
    data.getLatestImport.mockResolvedValue(null);
    data.startReadingImport.mockResolvedValue({ ok: true, data: { import_id: 'imp1', rows_per_chunk: 200 } });
    data.addReadingImportRows.mockResolvedValue({ ok: true, data: { received: 1, status: 'matching' } });
    data.getImport.mockResolvedValue(stored({ total: 1, received: 1 }));
    await show(createElement(ReadingImport, { uid: 'u1' }));
    const text = [
      HEADER.replaceAll(',', ';'),
      '1;Caf\u00e9 Tides;Ann Archer;;;="0306406152";="";4;;;;;;;2025/06/01;;;;read;;;;1;0',
      '2;"Unclosed;Ann Archer;;;;;3;;;;;;;;;;;read;;;;1;0',
    ].join('\r\n');
    // Windows-1252: one byte a character, é as 0xE9 (not UTF-8).
    await choose(Uint8Array.from([...text].map((c) => c.charCodeAt(0))));
    expect(document.body.textContent).toContain('Goodreads export: 1 book to bring in.');
    expect(document.body.textContent).toContain(
      'Row 3: its quotes are not closed, so the row cannot be read.',
    );
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Import 1 book')!;
    await settle(() => button.click());
    await settle(() => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(data.addReadingImportRows).toHaveBeenCalledWith('imp1', 0, [
      expect.objectContaining({ row: 2, title: 'Café Tides', isbn13: '9780306406157', rating: 4 }),
    ]);
  });

  it('shows an earlier import’s report and the books not on Shelfmark yet', async () => {
    data.getLatestImport.mockResolvedValue(
      stored({ status: 'done', processed: 2, matched: 1, unmatched: 1, reasons: { not_on_shelfmark: 1 } }),
    );
    data.getUnmatchedReads.mockResolvedValue([
      {
        id: 'u1__k',
        user_id: 'u1',
        title: 'Elsewhere',
        author: 'Someone',
        isbn13: null,
        shelf: 'read',
        custom_shelves: [],
        rating: 5,
        review: '',
        started_on: null,
        finished_on: null,
        added_on: null,
        match_key: 'elsewhere|someone',
        import_id: 'imp1',
        created_at: new Date(),
      },
    ]);
    await show(createElement(ReadingImport, { uid: 'u1' }));
    await settle(() => new Promise((resolve) => setTimeout(resolve, 10)));
    const report = document.querySelector('[data-testid="import-report"]')?.textContent ?? '';
    expect(report).toContain('1 book matched and added to your reading.');
    expect(report).toContain('1 book not brought in:');
    expect(document.body.textContent).toContain('Elsewhere, by Someone: 5 ★');
  });
});
