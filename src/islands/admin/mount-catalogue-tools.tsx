/**
 * Mounts CatalogueBookTools into a catalogue book page's slot, after the first paint,
 * once the signed-in person turns out to curate: an admin by the session hint, a
 * librarian by their own librarians/{uid} (one read). Visitors and readers get nothing.
 */
import { createRoot } from 'react-dom/client';
import CatalogueBookTools, { type CuratedBook } from './CatalogueBookTools.tsx';

/** Mounts the tools in `slot` (its data-curation-book holds the book) when `uid` curates. */
export async function mountCatalogueTools(slot: HTMLElement, uid: string, admin: boolean): Promise<void> {
  if (!admin) {
    const { isLibrarian } = await import('../../data/client/admin/catalogue-curation.ts');
    if (!(await isLibrarian(uid))) return;
  }
  const book = JSON.parse(slot.dataset.curationBook ?? 'null') as CuratedBook | null;
  if (!book) return;
  createRoot(slot).render(<CatalogueBookTools book={book} />);
}
