/**
 * Under the book page's shelf picker: the member's own shelves as checkboxes,
 * each one click to put the book on that shelf or take it off
 * (placeOnCustomShelf, which checks the member, the shelf and the book again),
 * and "New shelf" to create one and put the book on it at once. A failed save
 * leaves the box as it was.
 */
import { useState } from 'react';
import {
  CUSTOM_SHELF_LIMITS,
  CUSTOM_SHELF_MESSAGES,
  customShelfSlug,
  type CustomShelfSummary,
} from '../../domain/shelves/custom-shelf.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { failureToast } from '../ui/failure-toast.ts';
import { useAsync } from '../ui/use-async.ts';
import ShelfNameForm from './ShelfNameForm.tsx';

const data = () => import('../../data/client/shelves/custom-shelves.ts');

/** What the choices load: the member's shelves and which hold the book. */
interface Loaded {
  shelves: CustomShelfSummary[];
  holding: Set<string>;
}

/** The own-shelf choices for `bookId` (see the file comment). */
export default function CustomShelfChoices({ bookId }: { bookId: string }) {
  const [state, reload, { update }] = useAsync<Loaded | null>(
    async () => {
      const [{ currentAccount }, { getOwnCustomShelves, getOwnShelvesOfBook }] = await Promise.all([
        import('../../data/client/shared/auth.ts'),
        data(),
      ]);
      const account = await currentAccount();
      if (!account) return null;
      const [shelves, holding] = await Promise.all([
        getOwnCustomShelves(account.uid),
        getOwnShelvesOfBook(account.uid, bookId),
      ]);
      return { shelves, holding };
    },
    [bookId],
    'Could not load your own shelves',
  );
  const [saving, setSaving] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);

  async function place(shelf: CustomShelfSummary, on: boolean): Promise<void> {
    setSaving(shelf.id);
    try {
      const { placeOnCustomShelf } = await data();
      const outcome = await placeOnCustomShelf(bookId, shelf.id, on);
      if (!outcome.ok) {
        showToast(failureToast(CUSTOM_SHELF_MESSAGES.failed, outcome));
        return;
      }
      update(
        (loaded) =>
          loaded && {
            shelves: loaded.shelves.map((s) =>
              s.id === shelf.id ? { ...s, book_count: outcome.data.book_count } : s,
            ),
            holding: new Set(
              on ? [...loaded.holding, shelf.id] : [...loaded.holding].filter((id) => id !== shelf.id),
            ),
          },
      );
      showToast({ title: on ? `On your ‘${shelf.name}’ shelf` : `Taken off ‘${shelf.name}’` });
    } finally {
      setSaving(null);
    }
  }

  return (
    <AsyncContent
      state={state}
      loading="Loading your own shelves…"
      failed="Your own shelves could not be loaded."
      retry={reload}
    >
      {(loaded) =>
        loaded && (
          <fieldset className="mt-4" data-custom-shelf-choices>
            <legend className="font-semibold text-ink">Your own shelves</legend>
            {loaded.shelves.length === 0 ? (
              <p className="mt-1 text-sm text-ink-muted">No shelves of your own yet.</p>
            ) : (
              <div className="mt-1 flex flex-wrap gap-2">
                {loaded.shelves.map((shelf) => (
                  <label
                    key={shelf.id}
                    className="inline-flex min-h-6 cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-1 text-sm"
                  >
                    <input
                      type="checkbox"
                      checked={loaded.holding.has(shelf.id)}
                      disabled={saving !== null}
                      onChange={(event) => void place(shelf, event.target.checked)}
                    />
                    {shelf.name}
                  </label>
                ))}
              </div>
            )}
            {loaded.shelves.length < CUSTOM_SHELF_LIMITS.shelves &&
              (creating ? (
                <div className="mt-3">
                  <ShelfNameForm
                    label="New shelf for this book"
                    fieldLabel="New shelf name"
                    idPrefix={`new-shelf-${bookId}`}
                    submitLabel="Create and add"
                    send={async (name) => (await data()).editCustomShelf({ action: 'create', name })}
                    onSaved={(answer, name) => {
                      setCreating(false);
                      const made = answer.shelves.find((s) => s.slug === customShelfSlug(name));
                      update((current) => current && { ...current, shelves: answer.shelves });
                      if (made) void place(made, true);
                    }}
                    onCancel={() => setCreating(false)}
                  />
                </div>
              ) : (
                <button
                  type="button"
                  className="btn btn-outline mt-3 px-3 py-1 text-sm"
                  onClick={() => setCreating(true)}
                >
                  New shelf…
                </button>
              ))}
          </fieldset>
        )
      }
    </AsyncContent>
  );
}
