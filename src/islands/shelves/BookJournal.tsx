/**
 * The signed-in member's own reading of a book, under the book page's shelf
 * picker: on 'Reading', the progress form; and every read-through of the book
 * (a re-read is a new one), newest first, with its dates and an Edit dates form.
 * Only the member reads their read-throughs (firestore.rules); updateReading
 * writes them. `version` changes when the shelf does, which reloads the list.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import {
  READING_MESSAGES,
  datesFormSchema,
  dayOf,
  progressText,
  type DatesForm,
  type ReadThrough,
  type UpdateReadingResponse,
} from '../../domain/shelves/reading.ts';
import type { Shelf } from '../../domain/shelves/shelf.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { failureToast } from '../ui/failure-toast.ts';
import { SubmitButton, TextInput } from '../ui/fields.tsx';
import { submitValid } from '../ui/submit-valid.ts';
import { useAsync } from '../ui/use-async.ts';
import ProgressForm from './ProgressForm.tsx';

interface Props {
  /** The book. */
  bookId: string;
  /** Its title. */
  bookTitle: string;
  /** The member's shelf for it now. */
  shelf: Shelf | null;
  /** Changes whenever the shelf changes, to reload the read-throughs. */
  version: number;
  /** Called when a save moved the book to another shelf (finishing it: 'read'). */
  onShelfChange: (shelf: Shelf) => void;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** "Started Jan 5, 2026 · finished Feb 1, 2026", or what is known. */
function datesText(readThrough: Pick<ReadThrough, 'started_at' | 'finished_at'>): string {
  const started = readThrough.started_at
    ? `Started ${dateFormat.format(readThrough.started_at)}`
    : 'Start not recorded';
  return readThrough.finished_at
    ? `${started} · finished ${dateFormat.format(readThrough.finished_at)}`
    : `${started} · reading now`;
}

/** One read-through's dates, editable in place. */
function DatesEditor({ readThrough, onSaved }: { readThrough: ReadThrough; onSaved: () => void }) {
  const form = useForm<DatesForm>({
    resolver: zodResolver(datesFormSchema),
    defaultValues: {
      startedOn: readThrough.started_at ? dayOf(readThrough.started_at) : '',
      finishedOn: readThrough.finished_at ? dayOf(readThrough.finished_at) : '',
    },
  });

  async function save(values: DatesForm) {
    const { updateReading } = await import('../../data/client/shelves/reading.ts');
    const outcome = await updateReading({ action: 'dates', readThroughId: readThrough.id, ...values });
    if (!outcome.ok) {
      showToast(failureToast(READING_MESSAGES.failed, outcome));
      return;
    }
    showToast({ title: 'Dates saved' });
    onSaved();
  }

  const prefix = `dates-${readThrough.id}`;
  return (
    <FormProvider {...form}>
      <form className="mt-2 flex flex-wrap items-end gap-3" noValidate onSubmit={submitValid(form, save)}>
        <div className="w-44">
          <TextInput name="startedOn" label="Started on" idPrefix={prefix} type="date" />
        </div>
        {readThrough.finished_at && (
          <div className="w-44">
            <TextInput name="finishedOn" label="Finished on" idPrefix={prefix} type="date" />
          </div>
        )}
        <SubmitButton busy={form.formState.isSubmitting}>Save dates</SubmitButton>
      </form>
    </FormProvider>
  );
}

/** The member's reading of the book (see the file comment). */
export default function BookJournal({ bookId, bookTitle, shelf, version, onShelfChange }: Props) {
  const [editing, setEditing] = useState<string | null>(null);
  const [state, reload] = useAsync(
    async () => {
      const [{ currentAccount }, { getOwnReadThroughs }] = await Promise.all([
        import('../../data/client/shared/auth.ts'),
        import('../../data/client/shelves/reading.ts'),
      ]);
      const account = await currentAccount();
      return account ? getOwnReadThroughs(bookId, account.uid) : [];
    },
    [bookId, version],
    'Could not load your read-throughs',
  );

  function saved(answer: UpdateReadingResponse) {
    if (answer.shelf === 'read') onShelfChange('read');
    else reload();
  }

  return (
    <div className="mt-4 space-y-4" data-book-journal>
      <AsyncContent
        state={state}
        loading="Loading your reading…"
        failed="Your reading could not be loaded."
        retry={reload}
      >
        {(readThroughs) => {
          const open = readThroughs.find((r) => r.finished_at === null);
          return (
            <>
              {shelf === 'reading' && (
                <div>
                  <p className="text-sm text-ink-muted" data-progress-now>
                    Your progress: {progressText(open ?? {})}
                  </p>
                  <ProgressForm
                    bookId={bookId}
                    bookTitle={bookTitle}
                    idPrefix="book-progress"
                    current={{
                      progress_page: open?.progress_page ?? null,
                      progress_percent: open?.progress_percent ?? null,
                    }}
                    onSaved={saved}
                  />
                </div>
              )}
              {readThroughs.length > 0 && (
                <section aria-labelledby="read-throughs-heading">
                  <h3 id="read-throughs-heading" className="font-semibold text-ink">
                    Your read-throughs
                  </h3>
                  <ol className="mt-1 space-y-2" data-read-throughs>
                    {readThroughs.map((readThrough) => (
                      <li key={readThrough.id} data-read-through>
                        <span>{datesText(readThrough)}</span>{' '}
                        <button
                          type="button"
                          className="ml-2 text-sm text-accent underline"
                          aria-expanded={editing === readThrough.id}
                          onClick={() => setEditing(editing === readThrough.id ? null : readThrough.id)}
                        >
                          Edit dates
                        </button>
                        {editing === readThrough.id && (
                          <DatesEditor
                            readThrough={readThrough}
                            onSaved={() => {
                              setEditing(null);
                              reload();
                            }}
                          />
                        )}
                      </li>
                    ))}
                  </ol>
                </section>
              )}
            </>
          );
        }}
      </AsyncContent>
    </div>
  );
}
