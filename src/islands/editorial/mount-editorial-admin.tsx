/**
 * Mounts the admin's blog or newsletter tools: the toolbar (New Post / New
 * Newsletter, items not on the page yet) into `root`, and an item's controls
 * (Draft badge, edit, delete, send) into a slot added to each pre-rendered
 * article. Loaded by EditorialAdminLoader.astro for admins only.
 */
import { createRoot } from 'react-dom/client';
import type { EditorialCollection } from '../../domain/editorial/editorial.ts';
import EditorialAdmin from './EditorialAdmin.tsx';

/** Renders the island; each `article[data-item-id]` gets a controls slot under its header. */
export function mountEditorialAdmin(root: HTMLElement, collection: EditorialCollection): void {
  const slots = new Map<string, HTMLElement>();
  for (const article of document.querySelectorAll<HTMLElement>('article[data-item-id]')) {
    const id = article.dataset.itemId;
    if (!id) continue;
    const slot = document.createElement('div');
    slot.className = 'mt-3';
    article.querySelector('header')?.after(slot);
    slots.set(id, slot);
  }
  createRoot(root).render(<EditorialAdmin collection={collection} slots={slots} />);
}
