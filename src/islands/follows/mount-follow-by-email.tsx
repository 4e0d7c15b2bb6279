import { hydrateRoot } from 'react-dom/client';
import FollowByEmail from './FollowByEmail.tsx';

/**
 * Hydrates the FollowByEmail form the page rendered in `container` (its
 * data-author-uid names the author), so it answers in place instead of opening
 * the result page. The visitor may already be typing: hydration must adopt the
 * rendered form as it is. The page's markup puts whitespace around the form,
 * which React would take for a mismatch and answer by rendering the form anew,
 * wiping what was typed; so that whitespace goes first.
 */
export function mountFollowByEmail(container: HTMLElement): void {
  const authorUid = container.dataset.authorUid;
  if (!authorUid) return;
  for (const node of [...container.childNodes])
    if (node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()) node.remove();
  hydrateRoot(container, <FollowByEmail authorUid={authorUid} />);
}
