/**
 * The book page's "take back what you added" panel, shown while ratings and
 * reviews are switched off (the page then has no shelf picker nor review form): a
 * signed-in member who has this book on a shelf, or has rated it, can still take
 * it off the shelf and delete their review. A switch decides who may add, never
 * whether a member may remove what they wrote (setShelf with no shelf and
 * deleteReview ask no switch). Renders nothing for a member with neither.
 */
import { useEffect, useState } from 'react';
import { REVIEW_MESSAGES } from '../../domain/reviews/review.ts';
import { SHELF_LABELS, SHELF_MESSAGES, type Shelf } from '../../domain/shelves/shelf.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';

/** What the member has of this book: their shelf (or null) and their review's stars (or null). */
type Loaded =
  { state: 'loading' } | { state: 'failed' } | { state: 'ready'; shelf: Shelf | null; rating: number | null };

/** The panel for `bookId` (see the file comment). */
export default function OwnReadingEntries({ bookId }: { bookId: string }) {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [removing, setRemoving] = useState(false);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const [{ currentAccount }, { getOwnShelf }, { getOwnReview }] = await Promise.all([
          import('../../data/client/shared/auth.ts'),
          import('../../data/client/shelves/shelves.ts'),
          import('../../data/client/reviews/reviews.ts'),
        ]);
        const account = await currentAccount();
        if (!account) {
          if (live) setLoaded({ state: 'ready', shelf: null, rating: null });
          return;
        }
        const [shelf, review] = await Promise.all([
          getOwnShelf(bookId, account.uid),
          getOwnReview(bookId, account.uid),
        ]);
        if (live) setLoaded({ state: 'ready', shelf, rating: review?.rating ?? null });
      } catch (error) {
        console.error('Could not load your shelf and review', error);
        if (live) setLoaded({ state: 'failed' });
      }
    })();
    return () => {
      live = false;
    };
  }, [bookId]);

  async function unshelve() {
    setRemoving(true);
    try {
      const { setShelf } = await import('../../data/client/shelves/shelves.ts');
      const outcome = await setShelf(bookId, null);
      if (!outcome.ok) {
        showToast(failureToast(SHELF_MESSAGES.failed, outcome));
        return;
      }
      setLoaded((current) => (current.state === 'ready' ? { ...current, shelf: null } : current));
      showToast({ title: 'Removed from your shelves' });
    } finally {
      setRemoving(false);
    }
  }

  async function deleteOwnReview() {
    const { deleteReview } = await import('../../data/client/reviews/reviews.ts');
    const outcome = await deleteReview(bookId);
    if (!outcome.ok) {
      showToast(failureToast('Failed to delete review.', outcome));
      return 'stay' as const;
    }
    setLoaded((current) => (current.state === 'ready' ? { ...current, rating: null } : current));
    showToast({ title: REVIEW_MESSAGES.deleted });
    return 'close' as const;
  }

  if (loaded.state === 'loading') return null;
  if (loaded.state === 'failed')
    return (
      <p className="text-ink-muted">Your shelf and review could not be loaded. Please reload the page.</p>
    );
  if (loaded.shelf === null && loaded.rating === null) return null;

  return (
    <section
      aria-labelledby="own-entries-heading"
      className="rounded-md border border-line p-4"
      data-own-entries
    >
      <h2 id="own-entries-heading" className="font-serif text-lg font-bold text-ink">
        Your shelf and review
      </h2>
      <p className="mt-1 text-ink-muted">
        Ratings, reviews and shelves are switched off for now. You can still remove what you added.
      </p>
      <ul className="mt-3 space-y-3">
        {loaded.shelf !== null && (
          <li className="flex flex-wrap items-center gap-3">
            <span>This book is on your ‘{SHELF_LABELS[loaded.shelf]}’ shelf.</span>
            <button
              type="button"
              className="btn btn-outline"
              disabled={removing}
              onClick={() => void unshelve()}
            >
              {removing ? 'Removing…' : 'Remove from my shelves'}
            </button>
          </li>
        )}
        {loaded.rating !== null && (
          <li className="flex flex-wrap items-center gap-3">
            <span>
              You rated this book {loaded.rating} {loaded.rating === 1 ? 'star' : 'stars'}.
            </span>
            <ConfirmDialog
              title="Delete your review?"
              description="Your rating and review of this book will be removed."
              confirmLabel="Delete review"
              busyLabel="Deleting…"
              onConfirm={deleteOwnReview}
              trigger="Delete review"
            />
          </li>
        )}
      </ul>
    </section>
  );
}
