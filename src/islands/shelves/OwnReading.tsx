/**
 * The owner's reading tools on their profile ("Your reading"): this year's goal
 * with its progress bar and form, and each book on their 'Reading' shelf with
 * its progress bar and the progress form (one or two clicks). Read through the
 * rules with the member's own queries, written by the reading callables; the
 * page's public sections catch up on the next load (the functions purge it).
 */
import {
  goalPercent,
  goalText,
  progressText,
  yearOf,
  type ReadingYear,
  type SetReadingGoalResponse,
  type UpdateReadingResponse,
} from '../../domain/shelves/reading.ts';
import type { ShelfEntry } from '../../domain/shelves/shelf.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { useAsync } from '../ui/use-async.ts';
import GoalForm from './GoalForm.tsx';
import ProgressForm from './ProgressForm.tsx';

/** What the tools load: the books being read and this year. */
interface Loaded {
  reading: ShelfEntry[];
  year: Pick<ReadingYear, 'year' | 'goal' | 'finished'>;
}

/** A progress bar with its label. */
function Bar({ percent, label }: { percent: number; label: string }) {
  return (
    <progress
      className="mt-1 block h-2 w-full max-w-sm accent-accent"
      max={100}
      value={percent}
      aria-label={label}
    >
      {percent} %
    </progress>
  );
}

/** The owner's tools (see the file comment). */
export default function OwnReading({ uid }: { uid: string }) {
  const [state, reload, { update }] = useAsync<Loaded>(
    async () => {
      const { getOwnCurrentlyReading, getOwnYear } = await import('../../data/client/shelves/reading.ts');
      const year = yearOf(new Date());
      const [reading, own] = await Promise.all([getOwnCurrentlyReading(uid), getOwnYear(uid, year)]);
      return { reading, year: own ?? { year, goal: null, finished: 0 } };
    },
    [uid],
    'Could not load your reading',
  );

  function progressSaved(bookId: string, answer: UpdateReadingResponse) {
    // A finished book leaves 'Currently reading' and counts towards the year.
    if (answer.shelf === 'read') reload();
    else
      update((loaded) => ({
        ...loaded,
        reading: loaded.reading.map((entry) =>
          entry.book_id === bookId
            ? { ...entry, progress_page: answer.progress_page, progress_percent: answer.progress_percent }
            : entry,
        ),
      }));
  }

  function goalSaved(answer: SetReadingGoalResponse) {
    update((loaded) => ({ ...loaded, year: answer }));
  }

  return (
    <section
      aria-labelledby="own-reading-heading"
      className="mt-6 rounded-xl border border-line bg-paper p-6"
      data-own-reading
    >
      <h2 id="own-reading-heading" className="font-serif text-2xl font-bold text-ink">
        Your reading
      </h2>
      <AsyncContent
        state={state}
        loading="Loading your reading…"
        failed="Your reading could not be loaded."
        retry={reload}
      >
        {({ reading, year }) => (
          <div className="mt-3 space-y-6">
            <div data-own-goal>
              <h3 className="font-semibold text-ink">Reading goal {year.year}</h3>
              <p className="mt-1 text-ink" data-own-goal-text>
                {year.goal === null ? `No goal set yet. ${goalText(year)}.` : goalText(year)}
              </p>
              {year.goal !== null && <Bar percent={goalPercent(year)} label={`Reading goal ${year.year}`} />}
              <div className="mt-2">
                <GoalForm key={year.goal ?? 'none'} goal={year.goal} onSaved={goalSaved} />
              </div>
            </div>
            <div>
              <h3 className="font-semibold text-ink">Currently reading</h3>
              {reading.length === 0 ? (
                <p className="mt-1 text-ink-muted">
                  No books on your ‘Reading’ shelf. Choose ‘Reading’ on a book’s page to start one.
                </p>
              ) : (
                <ul className="mt-2 space-y-4">
                  {reading.map((entry) => (
                    <li key={entry.book_id} data-own-reading-book>
                      <a
                        href={`/book/${encodeURIComponent(entry.book_id)}`}
                        className="text-accent underline"
                      >
                        {entry.book_title}
                      </a>
                      <span className="ml-2 text-sm text-ink-muted">{progressText(entry)}</span>
                      {entry.progress_percent !== null && (
                        <Bar percent={entry.progress_percent} label={`Progress in ${entry.book_title}`} />
                      )}
                      <div className="mt-2">
                        <ProgressForm
                          bookId={entry.book_id}
                          bookTitle={entry.book_title}
                          idPrefix={`progress-${entry.book_id}`}
                          current={entry}
                          onSaved={(answer) => progressSaved(entry.book_id, answer)}
                        />
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        )}
      </AsyncContent>
    </section>
  );
}
