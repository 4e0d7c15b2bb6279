/**
 * Mounts an owned item's edit mode on its page. The pages' loader
 * (src/components/kinds/ItemEditLoader.astro) imports this and the kind only for a
 * visitor whose session hint says they may edit (after the first paint), so the
 * editor's code never reaches other visitors.
 */
import { createRoot } from 'react-dom/client';
import OwnedItemPageEditor from './OwnedItemPageEditor.tsx';
import type { AnyOwnedItemKind } from './owned-item-kind.ts';

/** Renders edit mode into `root`'s `[data-{kind}-edit-slot]` (or at its top); the rest of `root` is the view edit mode hides. */
export function mountOwnedItemEditor(kind: AnyOwnedItemKind, root: HTMLElement, itemId: string): void {
  let host = root.querySelector<HTMLElement>(`[data-${kind.name}-edit-slot]`);
  if (!host) {
    host = document.createElement('div');
    root.prepend(host);
  }
  const slot = host;
  const view = [...root.children].filter(
    (child): child is HTMLElement => child instanceof HTMLElement && !child.contains(slot),
  );
  const setViewHidden = (hidden: boolean) => {
    for (const element of view) element.hidden = hidden;
  };
  createRoot(slot).render(<OwnedItemPageEditor kind={kind} itemId={itemId} setViewHidden={setViewHidden} />);
}
