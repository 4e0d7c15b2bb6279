/**
 * The owner's own shelves on their profile ("Your shelf list": a name without
 * "shelves", which would match the Shelves section's for a locator): create one, rename
 * it, move it up or down (buttons, so the order is kept from the keyboard) and
 * delete it after a confirmation. Read through the rules with the member's own
 * query; every change through editCustomShelf, whose answer (the shelves after
 * the change) replaces the list, so what shows is what the server stored.
 */
import { useState } from 'react';
import {
  CUSTOM_SHELF_LIMITS,
  CUSTOM_SHELF_MESSAGES,
  bookCountText,
  customShelfPath,
  type CustomShelfSummary,
  type EditCustomShelfRequest,
} from '../../domain/shelves/custom-shelf.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { failureToast } from '../ui/failure-toast.ts';
import { useAsync } from '../ui/use-async.ts';
import ShelfNameForm from './ShelfNameForm.tsx';

const data = () => import('../../data/client/shelves/custom-shelves.ts');

/** Sends one change. */
async function send(request: EditCustomShelfRequest) {
  const { editCustomShelf } = await data();
  return editCustomShelf(request);
}

/** The manager for member `uid`, whose profile is at `profileSlug`. */
export default function CustomShelvesManager({ uid, profileSlug }: { uid: string; profileSlug: string }) {
  const [state, reload, { update }] = useAsync<CustomShelfSummary[]>(
    async () => (await data()).getOwnCustomShelves(uid),
    [uid],
    'Could not load your shelves',
  );
  const [renaming, setRenaming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function change(request: EditCustomShelfRequest, done: string): Promise<boolean> {
    setBusy(true);
    try {
      const outcome = await send(request);
      if (!outcome.ok) {
        showToast(failureToast(CUSTOM_SHELF_MESSAGES.failed, outcome));
        return false;
      }
      update(() => outcome.data.shelves);
      showToast({ title: done });
      return true;
    } finally {
      setBusy(false);
    }
  }

  return (
    <section
      aria-labelledby="custom-shelves-heading"
      className="mt-6 rounded-xl border border-line bg-paper p-6"
      data-custom-shelves-manager
    >
      <h2 id="custom-shelves-heading" className="font-serif text-2xl font-bold text-ink">
        Your shelf list
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Besides Want to read, Reading and Read, up to {CUSTOM_SHELF_LIMITS.shelves} shelves of your own. Put a
        book on them from its page. They are public unless you keep your shelves private in your profile
        settings.
      </p>
      <AsyncContent
        state={state}
        loading="Loading your shelves…"
        failed="Your shelves could not be loaded."
        retry={reload}
      >
        {(shelves) => (
          <div className="mt-4 space-y-4">
            {shelves.length === 0 ? (
              <p className="text-ink-muted" data-custom-shelves-empty>
                No shelves of your own yet. Name your first one below.
              </p>
            ) : (
              <ol className="space-y-2" aria-label="Your shelves, in order">
                {shelves.map((shelf, index) => (
                  <li
                    key={shelf.id}
                    className="rounded-lg border border-line px-3 py-2"
                    data-custom-shelf-row
                  >
                    {renaming === shelf.id ? (
                      <ShelfNameForm
                        label={`Rename ${shelf.name}`}
                        fieldLabel="New name"
                        idPrefix={`rename-${shelf.id}`}
                        submitLabel="Save name"
                        initialName={shelf.name}
                        send={(name) => send({ action: 'rename', shelfId: shelf.id, name })}
                        onSaved={(answer, name) => {
                          update(() => answer.shelves);
                          setRenaming(null);
                          showToast({ title: `Renamed to ‘${name}’` });
                        }}
                        onCancel={() => setRenaming(null)}
                      />
                    ) : (
                      <div className="flex flex-wrap items-center gap-2">
                        <a href={customShelfPath(profileSlug, shelf.slug)} className="text-accent underline">
                          {shelf.name}
                        </a>
                        <span className="text-sm text-ink-muted">{bookCountText(shelf.book_count)}</span>
                        <span className="ml-auto flex flex-wrap gap-2">
                          <button
                            type="button"
                            className="btn btn-outline px-3 py-1 text-sm"
                            aria-label={`Move ${shelf.name} up`}
                            disabled={busy || index === 0}
                            onClick={() =>
                              void change(
                                { action: 'move', shelfId: shelf.id, direction: 'up' },
                                `Moved ‘${shelf.name}’ up`,
                              )
                            }
                          >
                            ↑
                          </button>
                          <button
                            type="button"
                            className="btn btn-outline px-3 py-1 text-sm"
                            aria-label={`Move ${shelf.name} down`}
                            disabled={busy || index === shelves.length - 1}
                            onClick={() =>
                              void change(
                                { action: 'move', shelfId: shelf.id, direction: 'down' },
                                `Moved ‘${shelf.name}’ down`,
                              )
                            }
                          >
                            ↓
                          </button>
                          <button
                            type="button"
                            className="btn btn-outline px-3 py-1 text-sm"
                            aria-label={`Rename ${shelf.name}`}
                            disabled={busy}
                            onClick={() => setRenaming(shelf.id)}
                          >
                            Rename
                          </button>
                          <ConfirmDialog
                            title={`Delete the shelf ‘${shelf.name}’?`}
                            description="The books stay on your other shelves; only this shelf and its page go."
                            confirmLabel="Delete shelf"
                            busyLabel="Deleting…"
                            trigger="Delete"
                            triggerClassName="btn btn-outline px-3 py-1 text-sm"
                            triggerDisabled={busy}
                            onConfirm={async () =>
                              (await change(
                                { action: 'delete', shelfId: shelf.id },
                                `Deleted the shelf ‘${shelf.name}’`,
                              ))
                                ? 'close'
                                : 'stay'
                            }
                          />
                        </span>
                      </div>
                    )}
                  </li>
                ))}
              </ol>
            )}
            {shelves.length >= CUSTOM_SHELF_LIMITS.shelves ? (
              <p className="text-sm text-ink-muted">{CUSTOM_SHELF_MESSAGES.tooMany}</p>
            ) : (
              <ShelfNameForm
                label="New shelf"
                fieldLabel="New shelf name"
                idPrefix="new-shelf"
                submitLabel="Create shelf"
                send={(name) => send({ action: 'create', name })}
                onSaved={(answer, name) => {
                  update(() => answer.shelves);
                  showToast({ title: `Created the shelf ‘${name}’` });
                }}
              />
            )}
          </div>
        )}
      </AsyncContent>
    </section>
  );
}
