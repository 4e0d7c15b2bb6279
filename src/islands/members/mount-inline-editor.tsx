/**
 * Mounts the inline profile editor into a profile page: loaded by
 * InlineEditLoader.astro only for a visitor whose session hint says they may
 * edit this page, after the page has painted.
 */
import { createRoot } from 'react-dom/client';
import InlineProfileEditor from './InlineProfileEditor.tsx';

/**
 * Renders the editor at the top of `root` (the page's main profile content), or
 * into its `[data-profile-edit-slot]` when the page reserves one; the rest of the
 * content is what edit mode hides.
 */
export function mountInlineEditor(root: HTMLElement, userId: string): void {
  let host = root.querySelector<HTMLElement>('[data-profile-edit-slot]');
  if (!host) {
    host = document.createElement('div');
    host.className = 'mx-auto max-w-6xl px-4 pt-4';
    root.prepend(host);
  }
  const slot = host;
  const view = [...root.children].filter(
    (child): child is HTMLElement => child instanceof HTMLElement && !child.contains(slot),
  );
  createRoot(slot).render(<InlineProfileEditor userId={userId} view={view} />);
}
