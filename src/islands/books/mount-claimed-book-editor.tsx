/**
 * Mounts ClaimedBookEditor into a claimed catalogue book's `[data-claimed-book-edit]`
 * slot, after the first paint and only when the session hint names the claimant
 * (the page is cached and the same for everyone; editClaimedBook checks the claim).
 */
import { createRoot } from 'react-dom/client';
import { claimedBookFormValues } from '../../domain/books/claimed-book-edit.ts';
import ClaimedBookEditor from './ClaimedBookEditor.tsx';

/** Renders the claimant's editor into `slot`. */
export function mountClaimedBookEditor(slot: HTMLElement): void {
  const stored = JSON.parse(slot.dataset.values ?? '{}') as Parameters<typeof claimedBookFormValues>[0];
  createRoot(slot).render(
    <ClaimedBookEditor bookId={slot.dataset.bookId ?? ''} initial={claimedBookFormValues(stored)} />,
  );
}
