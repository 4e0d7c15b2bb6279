/**
 * The owner's update tools on their profile page, loaded by AuthorUpdatesLoader
 * only for the owner (by the session hint) and shown once the session confirms
 * it: the form to post an update (in the Updates section, or as the section
 * itself with its empty state when there are no updates yet) and a Delete beside
 * each update. A post or a deletion opens the page afresh, with its toast kept
 * across the load.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { UpdateBookChoice } from '../../data/client/updates/author-updates.ts';
import { UPDATE_MESSAGES } from '../../domain/updates/author-update.ts';
import { HELD_MESSAGES } from '../../domain/shared/moderation-standing.ts';
import { freshProfilePath, updateAnchor } from '../../domain/updates/author-update-page.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import AuthorUpdateForm from './AuthorUpdateForm.tsx';

/** Where a Delete goes: its slot beside one update. */
export interface DeleteSlot {
  element: HTMLElement;
  id: string;
  title: string;
}

interface Props {
  /** The page's owner. */
  userId: string;
  /** The page's slug, to open it afresh. */
  slug: string;
  /** True when the page shows updates (the form then sits in their section). */
  hasUpdates: boolean;
  /** One per shown update. */
  deleteSlots: readonly DeleteSlot[];
  /** Opens `path` (a full page load). */
  open?: (path: string) => void;
}

type Loaded = { state: 'loading' } | { state: 'not-owner' } | { state: 'ready'; books: UpdateBookChoice[] };

function assign(path: string): void {
  location.assign(path);
}

/** The owner's tools (see the file comment). */
export default function AuthorUpdateTools({ userId, slug, hasUpdates, deleteSlots, open = assign }: Props) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    void (async () => {
      const [{ currentAccount }, { listUpdateBooks }] = await Promise.all([
        import('../../data/client/shared/auth.ts'),
        import('../../data/client/updates/author-updates.ts'),
      ]);
      const account = await currentAccount().catch(() => null);
      if (!live) return;
      if (account?.uid !== userId) {
        setLoaded({ state: 'not-owner' });
        return;
      }
      // Without the books the form still posts, about no book.
      const books = await listUpdateBooks(userId).catch((error: unknown) => {
        console.error('Could not load your books for an update', error);
        return [];
      });
      if (live) setLoaded({ state: 'ready', books });
    })();
    return () => {
      live = false;
    };
  }, [userId]);

  if (loaded.state !== 'ready') return null;

  const form = (
    <div className="rounded-lg border border-line bg-parchment p-4">
      <AuthorUpdateForm
        books={loaded.books}
        onPosted={(posted) => {
          // A held update is on no page yet: the author is told why instead of finding nothing.
          if (posted.held)
            setFlash({ title: HELD_MESSAGES.ownBadge, description: HELD_MESSAGES.updatePosted });
          else setFlash({ title: UPDATE_MESSAGES.posted });
          open(freshProfilePath(slug, posted.id, posted.held ? undefined : updateAnchor(posted.id)));
        }}
      />
    </div>
  );

  async function remove(id: string) {
    const { deleteAuthorUpdate } = await import('../../data/client/updates/author-updates.ts');
    const outcome = await deleteAuthorUpdate(id);
    if (!outcome.ok) {
      showToast(failureToast(UPDATE_MESSAGES.deleteFailed, outcome));
      return 'stay' as const;
    }
    setFlash({ title: UPDATE_MESSAGES.deleted });
    open(freshProfilePath(slug, id));
    return 'leave' as const;
  }

  return (
    <>
      {hasUpdates ? (
        form
      ) : (
        <section
          aria-labelledby="updates"
          className="rounded-xl border border-line bg-paper p-6 shadow-sm"
          data-profile-section="updates"
        >
          <h2 id="updates" className="font-serif text-2xl font-bold text-ink">
            Updates
          </h2>
          <p className="mt-4 text-ink-muted" data-author-updates-empty>
            You have not posted any updates yet. Your followers see them here and in your feed.
          </p>
          <div className="mt-4">{form}</div>
        </section>
      )}
      {deleteSlots.map((slot) =>
        createPortal(
          <ConfirmDialog
            title="Delete this update?"
            description={`“${slot.title}” will be removed from your profile and your feed.`}
            confirmLabel="Delete update"
            busyLabel="Deleting…"
            onConfirm={() => remove(slot.id)}
            trigger={
              <>
                Delete<span className="sr-only"> update “{slot.title}”</span>
              </>
            }
          />,
          slot.element,
          slot.id,
        ),
      )}
    </>
  );
}
