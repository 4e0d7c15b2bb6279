// Puts an import's matched books on the member's own shelves by name, under the
// shelves' own limits (functions/src/shelves/custom-shelves.ts).
import type { Firestore } from 'firebase-admin/firestore';
import { featureAllowed } from '../billing/early-access';
import { ensureCustomShelves, placeOnCustomShelves } from '../shelves/custom-shelves';

/** A matched book and the names of the member's own shelves its row put it on. */
export interface ShelfPlacement {
  bookId: string;
  names: readonly string[];
}

/**
 * Puts matched books on the member's own shelves by name, creating the shelves
 * they lack (the shelves' own limits and refusals hold: a name refused, or past
 * the limit of shelves, leaves the book off that shelf); a second run changes nothing.
 */
export async function placeOnOwnShelves(
  fs: Firestore,
  uid: string,
  placements: readonly ShelfPlacement[],
): Promise<void> {
  // With custom shelves switched off for the member, the file's own shelves are left out (the rest of the row goes in).
  if (placements.length === 0 || !(await featureAllowed('custom_shelves', uid, fs))) return;
  const names = [...new Set(placements.flatMap((p) => p.names))];
  const ensured = await ensureCustomShelves(fs, uid, names);
  const placed = placements.flatMap((p) => {
    const shelfIds = p.names.flatMap((name) => {
      const id = ensured.ids.get(name);
      return id ? [id] : [];
    });
    return shelfIds.length > 0 ? [{ bookId: p.bookId, shelfIds }] : [];
  });
  if (placed.length > 0) await placeOnCustomShelves(fs, uid, placed);
}
