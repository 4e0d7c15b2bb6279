/**
 * The book page's shelf choice for a signed-in member: 'Want to read',
 * 'Reading', 'Read', 'Did not finish' or none, one at a time, saved as soon as it is
 * chosen through setShelf (which checks the member and the book again), and, for a
 * shelved book, "I own a copy". A failed save
 * leaves the previous choice shown. Under it, the member's own shelves
 * (CustomShelfChoices: any number, one click each) and their reading of the
 * book (BookJournal: progress while on 'Reading', and the read-throughs).
 */
import { useEffect, useState } from 'react';
import { SHELF_LABELS, SHELF_MESSAGES, SHELVES, type Shelf } from '../../domain/shelves/shelf.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import BookJournal from './BookJournal.tsx';
import CustomShelfChoices from './CustomShelfChoices.tsx';

const data = () => import('../../data/client/shelves/shelves.ts');

/** The value of the "not on a shelf" choice. */
const NONE = 'none';

/** The shelf picker for `bookId` (see the file comment); `customShelves` and `journal` false leave those parts out (their switch is off). */
export default function ShelfPicker({
  bookId,
  bookTitle = '',
  customShelves = true,
  journal = true,
}: {
  bookId: string;
  bookTitle?: string;
  customShelves?: boolean;
  journal?: boolean;
}) {
  const [shelf, setShelfState] = useState<Shelf | null | undefined>(undefined);
  const [owned, setOwned] = useState(false);
  const [saving, setSaving] = useState(false);
  // Bumped on every shelf change, so the read-throughs below load again.
  const [version, setVersion] = useState(0);

  function shelfChanged(next: Shelf | null) {
    setShelfState(next);
    setVersion((v) => v + 1);
  }

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [{ currentAccount }, { getOwnShelfEntry }] = await Promise.all([
          import('../../data/client/shared/auth.ts'),
          data(),
        ]);
        const account = await currentAccount();
        const current = account ? await getOwnShelfEntry(bookId, account.uid) : null;
        if (!live) return;
        setShelfState(current?.shelf ?? null);
        setOwned(current?.owned ?? false);
      } catch (error) {
        console.error('Could not load your shelf', error);
        if (live) setShelfState(null);
      }
    })();
    return () => {
      live = false;
    };
  }, [bookId]);

  async function choose(next: Shelf | null) {
    setSaving(true);
    try {
      const { setShelf } = await data();
      const outcome = await setShelf(bookId, next);
      if (!outcome.ok) {
        showToast(failureToast(SHELF_MESSAGES.failed, outcome));
        return;
      }
    } catch (error) {
      console.error('Could not update your shelf', error);
      showToast({ title: 'Error', description: SHELF_MESSAGES.failed, variant: 'destructive' });
      return;
    } finally {
      setSaving(false);
    }
    shelfChanged(next);
    if (next === null) setOwned(false);
    showToast({ title: next ? `On your ‘${SHELF_LABELS[next]}’ shelf` : 'Removed from your shelves' });
  }

  async function toggleOwned(next: boolean) {
    if (!shelf) return;
    // Shown at once, put back if the save fails.
    setOwned(next);
    setSaving(true);
    try {
      const outcome = await (await data()).setShelf(bookId, shelf, next);
      if (!outcome.ok) {
        setOwned(!next);
        showToast(failureToast(SHELF_MESSAGES.failed, outcome));
        return;
      }
      setOwned(outcome.data.owned);
      showToast({ title: outcome.data.owned ? 'Marked as owned' : 'No longer marked as owned' });
    } catch (error) {
      setOwned(!next);
      console.error('Could not update your copy', error);
      showToast({ title: 'Error', description: SHELF_MESSAGES.failed, variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="mb-6">
      <fieldset disabled={shelf === undefined || saving} data-shelf-picker>
        <legend className="font-semibold text-ink">Your shelf</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {[...SHELVES, NONE].map((value) => {
            const checked = value === NONE ? shelf === null : shelf === value;
            return (
              <label
                key={value}
                className="inline-flex min-h-6 cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1 text-sm"
              >
                <input
                  type="radio"
                  name="book-shelf"
                  value={value}
                  checked={checked}
                  onChange={() => void choose(value === NONE ? null : (value as Shelf))}
                />
                {value === NONE ? 'Not on a shelf' : SHELF_LABELS[value as Shelf]}
              </label>
            );
          })}
        </div>
      </fieldset>
      {shelf && (
        <label className="mt-2 inline-flex min-h-6 items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            checked={owned}
            disabled={saving}
            onChange={(event) => void toggleOwned(event.target.checked)}
            className="h-4 w-4 accent-accent"
          />
          I own a copy
        </label>
      )}
      {customShelves && shelf !== undefined && <CustomShelfChoices bookId={bookId} />}
      {journal && shelf !== undefined && (
        <BookJournal
          bookId={bookId}
          bookTitle={bookTitle || 'this book'}
          shelf={shelf}
          version={version}
          onShelfChange={shelfChanged}
        />
      )}
    </div>
  );
}
