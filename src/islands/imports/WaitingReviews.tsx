import { useEffect, useState } from 'react';
import {
  pendingReviewsNotice,
  type ImportPendingReview,
  type SettleImportedReviewsRequest,
} from '../../domain/imports/reading-import.ts';

/** Waiting books listed before "and N more". */
const LISTED = 10;
/** Read at most this many to count and list (the notice says "200+" beyond). */
const READ_AT_MOST = 200;

const data = () => import('../../data/client/imports/reading-import.ts');

type State =
  | { kind: 'loading' }
  | { kind: 'none' }
  | { kind: 'waiting'; reviews: ImportPendingReview[] }
  | { kind: 'settling'; action: SettleImportedReviewsRequest['action']; settled: number; total: number }
  | { kind: 'settled'; action: SettleImportedReviewsRequest['action']; settled: number };

/**
 * /account's notice of imported ratings and reviews that wait for the member:
 * books of their import that came to Shelfmark after it ran went on their shelves
 * with their dates, but nothing was published in their name. One button publishes
 * the ratings and reviews (as reviews by hand), the other keeps them private.
 */
export default function WaitingReviews({ uid }: { uid: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const reviews = await (await data()).getWaitingReviews(uid, READ_AT_MOST);
        if (live) setState(reviews.length > 0 ? { kind: 'waiting', reviews } : { kind: 'none' });
      } catch {
        // The notice is an extra: an unreadable list leaves it out, and the import form still works.
        if (live) setState({ kind: 'none' });
      }
    })();
    return () => {
      live = false;
    };
  }, [uid]);

  if (state.kind === 'loading' || state.kind === 'none') return null;

  async function settle(action: SettleImportedReviewsRequest['action'], total: number) {
    setError(null);
    const { settleImportedReviews } = await data();
    let settled = 0;
    setState({ kind: 'settling', action, settled, total });
    // A share per call, until none waits (the function answers how many remain).
    for (;;) {
      const outcome = await settleImportedReviews(action);
      if (!outcome.ok) {
        setError(outcome.message || 'Your ratings could not be saved. Please try again.');
        const reviews = await (await data()).getWaitingReviews(uid, READ_AT_MOST).catch(() => []);
        setState(reviews.length > 0 ? { kind: 'waiting', reviews } : { kind: 'none' });
        return;
      }
      settled += outcome.data.settled;
      setState({ kind: 'settling', action, settled, total: settled + outcome.data.remaining });
      if (outcome.data.remaining === 0 || outcome.data.settled === 0) break;
    }
    setState({ kind: 'settled', action, settled });
  }

  if (state.kind === 'settled')
    return (
      <p role="status" className="rounded border border-stone-300 p-3">
        {state.action === 'publish'
          ? 'Your imported ratings and reviews are published.'
          : 'Your imported ratings and reviews stay private.'}
      </p>
    );

  if (state.kind === 'settling')
    return (
      <p role="status" className="rounded border border-stone-300 p-3">
        {state.action === 'publish' ? 'Publishing' : 'Keeping private'}: {state.settled} of {state.total}…
      </p>
    );

  const { reviews } = state;
  const count = reviews.length >= READ_AT_MOST ? READ_AT_MOST : reviews.length;
  return (
    <section
      aria-labelledby="waiting-reviews-title"
      className="space-y-2 rounded border border-amber-700 p-3"
      data-testid="waiting-reviews"
    >
      <h3 id="waiting-reviews-title" className="font-semibold">
        {pendingReviewsNotice(count)}
        {reviews.length >= READ_AT_MOST ? '+' : ''}
      </h3>
      <p>
        They are on your shelves with your dates. Your ratings and reviews of them are not published until you
        say so.
      </p>
      <ul className="list-disc pl-6">
        {reviews.slice(0, LISTED).map((review) => (
          <li key={review.id}>
            <a href={`/book/${review.book_id}`}>{review.book_title}</a>: {review.rating} ★
            {review.review ? ' with a review' : ''}
          </li>
        ))}
        {reviews.length > LISTED ? (
          <li className="text-ink-muted">and {(reviews.length - LISTED).toLocaleString('en-US')} more</li>
        ) : null}
      </ul>
      {error ? (
        <p role="alert" className="text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" onClick={() => void settle('publish', count)}>
          Publish my ratings and reviews
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void settle('private', count)}>
          Keep them private
        </button>
      </div>
    </section>
  );
}
