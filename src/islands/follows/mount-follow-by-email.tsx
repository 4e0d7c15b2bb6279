import { hydrateRoot } from 'react-dom/client';
import FollowByEmail from './FollowByEmail.tsx';

/**
 * Hydrates the FollowByEmail form the page rendered in `container` (its
 * data-author-uid names the author), so it answers in place instead of opening
 * the result page.
 */
export function mountFollowByEmail(container: HTMLElement): void {
  const authorUid = container.dataset.authorUid;
  if (!authorUid) return;
  hydrateRoot(container, <FollowByEmail authorUid={authorUid} />);
}
