/**
 * Mounts the member's Follow button into a FollowAuthor block
 * (src/components/follows/FollowAuthor.astro), after the first paint and only
 * when the session hint names a member. The visitor's Follow (the disclosure
 * with FollowByEmail) is hidden meanwhile and shown again when no member turns
 * out to be signed in.
 */
import { createRoot } from 'react-dom/client';
import FollowButton from './FollowButton.tsx';

/** Renders the member's button in `block` in place of the visitor's. */
export function mountFollowButton(block: HTMLElement): void {
  const authorUid = block.dataset.authorUid ?? '';
  const authorName = block.dataset.authorName ?? '';
  const count = block.dataset.initialCount;
  const visitorParts = [...block.querySelectorAll<HTMLElement>('[data-follow-visitor]')];
  visitorParts.forEach((part) => (part.hidden = true));
  const host = document.createElement('div');
  block.append(host);
  const root = createRoot(host);
  root.render(
    <FollowButton
      authorUid={authorUid}
      authorName={authorName}
      initialCount={count === undefined ? null : Number(count)}
      onSignedOut={() => {
        root.unmount();
        host.remove();
        visitorParts.forEach((part) => (part.hidden = false));
      }}
    />,
  );
}
