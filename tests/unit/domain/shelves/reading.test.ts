import { describe, expect, it } from 'vitest';
import {
  finishesOnDay,
  datesFormSchema,
  datesProblem,
  dayOf,
  dayToDate,
  finishDeltas,
  goalFormSchema,
  goalPercent,
  goalText,
  progressFormSchema,
  progressText,
  readingYearId,
  shownYears,
  storedProgress,
  updateReadingRequestSchema,
  yearOf,
  type ReadingYear,
} from '../../../../src/domain/shelves/reading';

const year = (y: number, goal: number | null, finished: number): ReadingYear => ({
  id: readingYearId('u1', y),
  user_id: 'u1',
  year: y,
  goal,
  finished,
  updated_at: new Date('2026-01-01T00:00:00Z'),
});

describe('reading progress', () => {
  it('a percentage is 0–100 and a page a whole number; the form says which', () => {
    expect(progressFormSchema.safeParse({ unit: 'percent', value: 45 }).success).toBe(true);
    expect(progressFormSchema.safeParse({ unit: 'percent', value: 101 }).error?.issues[0]?.path).toEqual([
      'value',
    ]);
    expect(progressFormSchema.safeParse({ unit: 'page', value: 1.5 }).success).toBe(false);
    expect(progressFormSchema.safeParse({ unit: 'page', value: Number.NaN }).success).toBe(false);
  });

  it('a page becomes a percentage of the book, and a page past the last is refused', () => {
    expect(storedProgress({ unit: 'page', value: 150 }, 300)).toEqual({
      progress_page: 150,
      progress_percent: 50,
    });
    expect(storedProgress({ unit: 'page', value: 300 }, 300)).toEqual({
      progress_page: 300,
      progress_percent: 100,
    });
    expect(storedProgress({ unit: 'page', value: 301 }, 300)).toEqual({ error: 'This book has 300 pages.' });
    expect(storedProgress({ unit: 'page', value: 120 }, null)).toEqual({
      progress_page: 120,
      progress_percent: null,
    });
    expect(storedProgress({ unit: 'percent', value: 30 }, 300)).toEqual({
      progress_page: null,
      progress_percent: 30,
    });
  });

  it('reads progress as a person says it', () => {
    expect(progressText({ progress_page: 120, progress_percent: 40 })).toBe('page 120 (40 %)');
    expect(progressText({ progress_page: 120, progress_percent: null })).toBe('page 120');
    expect(progressText({ progress_page: null, progress_percent: 7 })).toBe('7 %');
    expect(progressText({})).toBe('Not started');
  });

  it('updateReading takes exactly one of its three shapes', () => {
    expect(updateReadingRequestSchema.safeParse({ action: 'finish', bookId: 'b1' }).success).toBe(true);
    expect(
      updateReadingRequestSchema.safeParse({ action: 'finish', bookId: 'b1', userId: 'x' }).success,
    ).toBe(false);
    expect(updateReadingRequestSchema.safeParse({ action: 'delete', bookId: 'b1' }).success).toBe(false);
  });
});

describe('read-through dates', () => {
  it('days are real UTC days, stored at noon, and the finish is not before the start', () => {
    expect(dayOf(dayToDate('2026-02-28'))).toBe('2026-02-28');
    expect(datesFormSchema.safeParse({ startedOn: '2026-02-30', finishedOn: '' }).success).toBe(false);
    expect(datesFormSchema.safeParse({ startedOn: '', finishedOn: '' }).success).toBe(true);
    const backwards = datesFormSchema.safeParse({ startedOn: '2026-03-02', finishedOn: '2026-03-01' });
    expect(backwards.error?.issues[0]?.path).toEqual(['finishedOn']);
  });

  it('refuses dates in the future, and a finished read-through keeps its finish', () => {
    expect(datesProblem({ startedOn: '2026-05-01', finishedOn: '' }, '2026-04-30', false)).toMatch(/future/);
    expect(datesProblem({ startedOn: '2026-04-01', finishedOn: '' }, '2026-04-30', true)).toMatch(
      /finish date/,
    );
    expect(datesProblem({ startedOn: '', finishedOn: '2026-04-02' }, '2026-04-30', false)).toMatch(
      /finish date/,
    );
    expect(
      datesProblem({ startedOn: '2026-04-01', finishedOn: '2026-04-02' }, '2026-04-30', true),
    ).toBeNull();
  });

  it('a finish moves one count into its year; a re-dated one moves between years', () => {
    expect([...finishDeltas(null, new Date('2026-03-01T00:00:00Z'))]).toEqual([[2026, 1]]);
    expect([...finishDeltas(new Date('2025-12-31T12:00:00Z'), new Date('2026-01-01T12:00:00Z'))]).toEqual([
      [2025, -1],
      [2026, 1],
    ]);
    expect(finishDeltas(new Date('2026-01-01T12:00:00Z'), new Date('2026-06-01T12:00:00Z')).size).toBe(0);
    expect(yearOf(new Date('2026-12-31T23:59:59Z'))).toBe(2026);
  });
});

describe('the yearly goal', () => {
  it('is a whole number of books from 1 to 1,000', () => {
    expect(goalFormSchema.safeParse({ goal: 24 }).success).toBe(true);
    for (const goal of [0, 1001, 2.5, Number.NaN])
      expect(goalFormSchema.safeParse({ goal }).success).toBe(false);
  });

  it('reads "12 of 24 books read in 2026", with a bar that stops at full', () => {
    expect(goalText(year(2026, 24, 12))).toBe('12 of 24 books read in 2026');
    expect(goalText(year(2025, null, 1))).toBe('1 book read in 2025');
    expect(goalPercent(year(2026, 24, 12))).toBe(50);
    expect(goalPercent(year(2026, 10, 14))).toBe(100);
  });

  it('the profile shows the years with a goal or a finished book, newest first', () => {
    const shown = shownYears([year(2024, null, 0), year(2025, 10, 3), year(2026, null, 2)]);
    expect(shown.map((y) => y.year)).toEqual([2026, 2025]);
  });
});

describe('one finish of a book a day', () => {
  it('finds the day’s finishes the shelf and journal made, not the import’s', () => {
    const reads = [
      { id: 'a', finishedAt: new Date('2026-12-06T09:00:00Z') },
      { id: 'b', finishedAt: new Date('2026-12-05T23:59:00Z') },
      { id: 'c', finishedAt: null },
      { id: 'import_1f', finishedAt: new Date('2026-12-06T12:00:00Z') },
    ];
    expect(finishesOnDay(reads, '2026-12-06')).toEqual(['a']);
    expect(finishesOnDay(reads, '2026-12-04')).toEqual([]);
  });
});
