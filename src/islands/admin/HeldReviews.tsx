import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  HELD_REVIEW_MESSAGES,
  rejectReasonSchema,
  releaseReasonSchema,
  waitingText,
  type HeldReviewDecision,
  type HeldReviewEntry,
} from '../../domain/admin/admin-held-reviews.ts';
import { RATING_MAX, starsText } from '../../domain/reviews/review.ts';
import { showToast } from '../../lib/toast.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import LoadMoreButton from '../ui/LoadMoreButton.tsx';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import { AreaField } from '../ui/fields.tsx';
import { usePagedAsync } from '../ui/use-async.ts';

const api = () => import('../../data/client/admin/admin-held-reviews.ts');

// The reason as typed: optional and length-limited for both buttons; Reject also requires it (below).
const formSchema = z.object({ reason: releaseReasonSchema });
type Values = z.input<typeof formSchema>;

/** One held review: the book, the writer, the stars and text, and Release / Reject with the admin's reason. */
function HeldReview({ entry, onDone }: { entry: HeldReviewEntry; onDone: (id: string) => void }) {
  const prefix = `held-review-${entry.id}`;
  const [rejecting, setRejecting] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<
    Values,
    unknown,
    z.output<typeof formSchema>
  >({ resolver: zodResolver(formSchema), defaultValues: { reason: '' } });

  /** Sends the decision; true when the review has left the queue (decided now or before). */
  async function decide(action: HeldReviewDecision, reason: string): Promise<boolean> {
    const { decideHeldReview } = await api();
    const outcome = await decideHeldReview({ action, bookId: entry.bookId, uid: entry.uid, reason });
    if (!outcome.ok) {
      showToast({ title: 'Error', description: outcome.message, variant: 'destructive' });
      return false;
    }
    if (outcome.data.decided)
      showToast({
        title: 'Success',
        description: action === 'release' ? HELD_REVIEW_MESSAGES.released : HELD_REVIEW_MESSAGES.rejected,
      });
    else showToast({ title: 'Already decided', description: HELD_REVIEW_MESSAGES.notWaiting });
    onDone(entry.id);
    return true;
  }

  const release = handleSubmit(async (values) => {
    await decide('release', values.reason);
  });

  // Reject asks first; the reason is checked before the question.
  const askReject = handleSubmit((values) => {
    const reason = rejectReasonSchema.safeParse(values.reason);
    if (!reason.success)
      setError('reason', { message: reason.error.issues[0]?.message ?? HELD_REVIEW_MESSAGES.rejectReason });
    else setRejecting(reason.data);
  });

  const disabled = formState.isSubmitting || rejecting !== null;
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
      <form onSubmit={(event) => void release(event)} noValidate className="mt-3 space-y-2">
        <AreaField
          id={`${prefix}-reason`}
          label="Reason (recorded in the audit log; optional to release, required to reject)"
          rows={2}
          error={formState.errors.reason?.message}
          {...register('reason')}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={disabled}>
            {formState.isSubmitting && rejecting === null ? 'Releasing…' : 'Release'}
          </button>
          <button
            type="button"
            className="btn btn-outline"
            disabled={disabled}
            onClick={() => void askReject()}
          >
            Reject
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={rejecting !== null}
        onOpenChange={(open) => {
          if (!open) setRejecting(null);
        }}
        title="Reject this review?"
        description={
          <>
            The review of “{entry.bookTitle}” by {entry.reviewerName || 'a member'} is deleted and never
            shown. Its writer may write a new one. Your reason is recorded in the audit log.
          </>
        }
        confirmLabel="Reject review"
        busyLabel="Rejecting…"
        onConfirm={async () => ((await decide('reject', rejecting ?? '')) ? 'close' : 'stay')}
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
  const [waiting, setWaiting] = useState<number | null>(null);
  // Counts decisions: after each, focus goes to the heading, as the decided review's buttons are gone.
  const [decisions, setDecisions] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (decisions > 0) heading.current?.focus();
  }, [decisions]);
  const held = usePagedAsync(
    async (cursor) => {
      const page = await (await api()).loadHeldReviews(cursor);
      setWaiting(page.waiting);
      return page;
    },
    [],
    'Failed to load the held reviews',
  );
  // A page loaded after another admin's decision may repeat a review already shown.
  const state = useMemo(
    () =>
      held.state.status === 'ready'
        ? {
            ...held.state,
            value: held.state.value.filter(
              (entry, index, all) => all.findIndex((other) => other.id === entry.id) === index,
            ),
          }
        : held.state,
    [held.state],
  );

  async function loadMore() {
    if (!(await held.loadMore()))
      showToast({
        title: 'Error',
        description: 'The next held reviews could not be loaded.',
        variant: 'destructive',
      });
  }

  function done(id: string) {
    held.update((items) => items.filter((item) => item.id !== id));
    held.reload();
    setDecisions((n) => n + 1);
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
        {held.state.status === 'ready' && waiting !== null && waiting > 0 ? waitingText(waiting) : ''}
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
