/**
 * Mounts ClaimAuthorPage into the author page's `[data-author-claim-slot]`, after
 * the first paint and only when the session hint names a member (the page itself
 * is cached and the same for everyone).
 */
import { createRoot } from 'react-dom/client';
import ClaimAuthorPage from './ClaimAuthorPage.tsx';

/** Renders the member's claim controls into `slot`. */
export function mountClaimAuthorPage(slot: HTMLElement): void {
  createRoot(slot).render(
    <ClaimAuthorPage slug={slot.dataset.slug ?? ''} authorName={slot.dataset.authorName ?? ''} />,
  );
}
