// Demo reading journal (src/domain/shelves/reading.ts), as setShelf and
// updateReading would have written it: a read-through for every book on
// 'Reading' (with progress, copied onto its shelf entry) and on 'Read' (finished
// on the day it was shelved), an earlier read-through for a few of the read books
// (re-reads), each shelving member's goals for the reference year and the one
// before, and the community's counts of each year (in shard 0).
import { finishDeltas, readingStatsId, readingYearId, yearOf } from '../../src/domain/shelves/reading.ts';
import { REFERENCE_DATE, streamFor, type SeedDoc } from './context.ts';
import type { SeedBook } from './books.ts';

const DAY = 24 * 60 * 60_000;

/** The read-throughs, years and counts; fills in the progress of the 'Reading' entries (mutates them). */
export function generateReading(shelves: readonly SeedDoc[], books: readonly SeedBook[]): SeedDoc[] {
  const rng = streamFor('reading');
  const pagesOf = new Map(books.map((book) => [book.id, book.doc.data.pages]));
  const docs: SeedDoc[] = [];
  const finishes = new Map<string, Map<number, number>>();
  const add = (uid: string, finished: Date) => {
    const years = finishes.get(uid) ?? new Map<number, number>();
    for (const [year, n] of finishDeltas(null, finished)) years.set(year, (years.get(year) ?? 0) + n);
    finishes.set(uid, years);
  };
  const readThrough = (
    entry: SeedDoc,
    started: Date | null,
    finished: Date | null,
    percent: number | null,
    page: number | null,
  ) => {
    docs.push({
      collection: 'read_throughs',
      id: `rt${String(docs.length).padStart(4, '0')}${String(entry.data.user_id).slice(0, 8)}`,
      data: {
        user_id: entry.data.user_id,
        book_id: entry.data.book_id,
        book_title: entry.data.book_title,
        started_at: started,
        finished_at: finished,
        progress_page: page,
        progress_percent: percent,
        updated_at: finished ?? started ?? entry.data.updated_at,
      },
    });
    if (finished) add(String(entry.data.user_id), finished);
  };
  for (const entry of shelves) {
    if (entry.collection !== 'book_shelves') continue;
    const at = entry.data.updated_at as Date;
    if (entry.data.shelf === 'reading') {
      const pages = pagesOf.get(String(entry.data.book_id));
      const percent = rng.int(5, 90);
      const page = typeof pages === 'number' ? Math.floor((pages * percent) / 100) : null;
      const progress = {
        progress_page: page,
        progress_percent:
          page !== null && typeof pages === 'number' ? Math.floor((page / pages) * 100) : percent,
      };
      Object.assign(entry.data, progress);
      readThrough(entry, at, null, progress.progress_percent, progress.progress_page);
    } else if (entry.data.shelf === 'read') {
      if (rng.chance(0.25)) {
        // Read once before, about a year earlier.
        const earlier = new Date(at.getTime() - rng.int(300, 420) * DAY);
        readThrough(entry, new Date(earlier.getTime() - rng.int(5, 20) * DAY), earlier, 100, null);
      }
      readThrough(entry, new Date(at.getTime() - rng.int(3, 30) * DAY), at, 100, null);
    }
  }
  const year = yearOf(REFERENCE_DATE);
  const years: SeedDoc[] = [];
  const community = new Map<number, number>();
  for (const [uid, counts] of finishes) {
    for (const [y, n] of counts) community.set(y, (community.get(y) ?? 0) + n);
    const goalYears = new Set([...counts.keys(), year]);
    for (const y of goalYears)
      years.push({
        collection: 'reading_years',
        id: readingYearId(uid, y),
        data: {
          user_id: uid,
          year: y,
          // Most readers set a goal; a few only count.
          goal: rng.chance(0.75) ? rng.int(6, 30) : null,
          finished: counts.get(y) ?? 0,
          updated_at: REFERENCE_DATE,
        },
      });
  }
  const stats: SeedDoc[] = [...community].map(([y, n]) => ({
    collection: 'reading_stats',
    id: readingStatsId(y, 0),
    data: { year: y, finished: n },
  }));
  return [...docs, ...years, ...stats];
}
