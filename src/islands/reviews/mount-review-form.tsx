/**
 * Mounts the review form into the book page's `[data-review-form-slot]`: loaded by
 * BookReviews.astro after the first paint, only for a signed-in, approved member
 * who does not own the book (by the session hint, which grants nothing: the
 * saveReview function checks the caller again).
 */
import { createRoot } from 'react-dom/client';
import ReviewForm from './ReviewForm.tsx';

/** Renders the form for `bookId` into `slot`. */
export function mountReviewForm(slot: HTMLElement, bookId: string): void {
  createRoot(slot).render(<ReviewForm bookId={bookId} />);
}
