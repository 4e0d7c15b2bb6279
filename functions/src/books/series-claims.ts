// The series claims (src/domain/books/series-claim.ts) as the book saves keep them: a
// save that moves a book into a series address takes its claim when nobody holds
// it (or its holder no longer has a book naming it), in the save's own
// transaction; otherwise the book is stored as written and shows on its author's
// own page of that address. Nothing is refused, and nothing is released: a claim
// whose holder has left the series counts as free. series_claims is server-only
// (no match block in firestore.rules).
import { Timestamp, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  SERIES_CLAIMS,
  seriesSlugOf,
  seriesToClaim,
  takesSeriesClaim,
  type SeriesChange,
} from '../../../src/domain/books/series-claim';
import type { ItemKind } from '../items/owned-items';

/** One book's series in a save, from the book as stored (null when new) and as it will be. */
export function seriesChangeOf(
  userId: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown>,
): SeriesChange {
  return { userId, before: seriesSlugOf(before), after: seriesSlugOf(after) };
}

/**
 * Takes the claims a save's series changes earn, in `tx`: reads first (each new
 * address's claim and, when another author holds it, whether they still have a
 * book naming it), then returns the writes to make once every other check passed.
 */
export async function claimSeriesInTransaction(
  tx: Transaction,
  firestore: Firestore,
  changes: readonly SeriesChange[],
): Promise<() => void> {
  const wanted = seriesToClaim(changes);
  if (wanted.length === 0) return () => undefined;
  const refs = wanted.map(({ slug }) => firestore.collection(SERIES_CLAIMS).doc(slug));
  const snaps = await tx.getAll(...refs);
  const take: { slug: string; userId: string }[] = [];
  for (const [i, want] of wanted.entries()) {
    const holder: unknown = snaps[i]!.exists ? snaps[i]!.get('user_id') : undefined;
    const holderUid = typeof holder === 'string' && holder !== '' ? holder : undefined;
    let stillNamesIt = true;
    if (holderUid !== undefined && holderUid !== want.userId) {
      const named = await tx.get(
        firestore
          .collection('books')
          .where('user_id', '==', holderUid)
          .where('series_slug', '==', want.slug)
          .select()
          .limit(1),
      );
      stillNamesIt = !named.empty;
    }
    if (takesSeriesClaim(want.userId, holderUid, stillNamesIt)) take.push(want);
  }
  return () => {
    const now = Timestamp.now();
    for (const { slug, userId } of take)
      tx.set(firestore.collection(SERIES_CLAIMS).doc(slug), { user_id: userId, claimed_at: now });
  };
}

/** An item kind's onSave hook (functions/src/items/owned-items.ts). */
type OnSave = NonNullable<ItemKind['onSave']>;

/** `onSave` followed by the series claim of the saved book: the book kind's hook. */
export function withSeriesClaim(onSave: OnSave): OnSave {
  return async (tx, firestore, save) => {
    const others = await onSave(tx, firestore, save);
    const series = await claimSeriesInTransaction(tx, firestore, [
      seriesChangeOf(save.ownerUid, save.before, save.after),
    ]);
    return () => {
      others();
      series();
    };
  };
}
