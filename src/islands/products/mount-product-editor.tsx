/**
 * Mounts the product/service page's edit mode: loaded by ProductEditLoader.astro
 * only for a visitor whose session hint says they may edit, after the first paint.
 */
import { createRoot } from 'react-dom/client';
import ProductPageEditor from './ProductPageEditor.tsx';

/** Renders edit mode into `root`'s `[data-product-edit-slot]`; the rest of `root` is the view edit mode hides. */
export function mountProductEditor(root: HTMLElement, itemId: string): void {
  let host = root.querySelector<HTMLElement>('[data-product-edit-slot]');
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
  createRoot(slot).render(<ProductPageEditor itemId={itemId} setViewHidden={setViewHidden} />);
}
