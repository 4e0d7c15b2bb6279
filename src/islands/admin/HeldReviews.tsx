import {
  HELD_REVIEW_MESSAGES,
  waitingText,
  type HeldReviewEntry,
} from '../../domain/admin/admin-held-reviews.ts';
import { RATING_MAX, starsText } from '../../domain/reviews/review.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import LoadMoreButton from '../ui/LoadMoreButton.tsx';
import HeldDecisionForm from './HeldDecisionForm.tsx';
import { useHeldQueue } from './use-held-queue.ts';

const api = () => import('../../data/client/admin/admin-held-reviews.ts');

/** One held review: the book, the writer, the stars and text, and Release / Reject with the admin's reason. */
function HeldReview({ entry, onDone }: { entry: HeldReviewEntry; onDone: (id: string) => void }) {
  const prefix = `held-review-${entry.id}`;

  return (
    <li className="rounded-lg border border-line bg-paper p-4" data-held-review={entry.id}>
      <p className="text-sm text-ink-muted">
        <span aria-hidden="true">{starsText(entry.rating)}</span>
        <span className="sr-only">
          {entry.rating} out of {RATING_MAX} stars
        </span>{' '}
        · written {new Date(entry.createdAt).toLocaleString()}
      </p>
      <p className="mt-1 font-semibold break-words">
        <a href={entry.bookPath} className="text-accent underline" target="_blank" rel="noopener noreferrer">
          {entry.bookTitle || '(untitled)'}
        </a>
      </p>
      <p className="text-sm break-words">
        by{' '}
        {entry.reviewerPath ? (
          <a href={entry.reviewerPath} className="underline" target="_blank" rel="noopener noreferrer">
            {entry.reviewerName || 'a member'}
          </a>
        ) : (
          entry.reviewerName || 'a member'
        )}
      </p>
      {entry.text ? (
        <p className="mt-2 break-words whitespace-pre-line">{entry.text}</p>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">A rating without a review.</p>
      )}
      <HeldDecisionForm
        prefix={prefix}
        send={async (action, reason) =>
          (await api()).decideHeldReview({ action, bookId: entry.bookId, uid: entry.uid, reason })
        }
        messages={HELD_REVIEW_MESSAGES}
        onDecided={() => onDone(entry.id)}
        rejectReasonFallback={HELD_REVIEW_MESSAGES.rejectReason}
        confirm={{
          title: 'Reject this review?',
          description: (
            <>
              The review of “{entry.bookTitle}” by {entry.reviewerName || 'a member'} is deleted and never
              shown. Its writer may write a new one. Your reason is recorded in the audit log.
            </>
          ),
          confirmLabel: 'Reject review',
        }}
      />
    </li>
  );
}

/**
 * The held reviews (the burst guard's, src/domain/admin/admin-held-reviews.ts), oldest
 * first a page at a time, with how many wait; releasing or rejecting one takes it
 * off the list and loads the list and count again.
 */
export default function HeldReviews() {
  const { held, state, waiting, heading, done } = useHeldQueue(
    async (cursor) => (await api()).loadHeldReviews(cursor),
    [],
    'Failed to load the held reviews',
  );

  async function loadMore() {
    if (!(await held.loadMore()))
      showToast({
        title: 'Error',
        description: 'The next held reviews could not be loaded.',
        variant: 'destructive',
      });
  }

  return (
    <section aria-labelledby="held-reviews-heading" className="mt-8 space-y-3">
      <h2 id="held-reviews-heading" ref={heading} tabIndex={-1} className="text-xl font-bold">
        Held reviews
      </h2>
      <p className="text-sm text-ink-muted">
        New reviews held by the burst guard. Their writers see them as awaiting moderation until you release
        or reject them.
      </p>
      <p aria-live="polite" data-held-count>
        {waiting !== null && waiting > 0 ? waitingText(waiting) : ''}
      </p>
      <AsyncContent
        state={state}
        loading="Loading the held reviews…"
        failed="The held reviews could not be loaded."
        retry={held.reload}
        empty={HELD_REVIEW_MESSAGES.empty}
      >
        {(reviews) => (
          <ol className="space-y-4" aria-label="Held reviews, oldest first">
            {reviews.map((entry) => (
              <HeldReview key={entry.id} entry={entry} onDone={done} />
            ))}
          </ol>
        )}
      </AsyncContent>
      <LoadMoreButton paged={held} onLoadMore={() => void loadMore()} />
    </section>
  );
}
