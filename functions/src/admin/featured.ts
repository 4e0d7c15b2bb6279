import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import {
  FieldValue,
  type DocumentReference,
  type Firestore,
  type Transaction,
} from 'firebase-admin/firestore';
import {
  BOOK_NOT_FEATURABLE_MESSAGE,
  MAX_FEATURED_BOOKS_MESSAGE,
  PROFILE_NOT_FEATURABLE_MESSAGE,
  adminFeaturedRequestSchema,
  firstFreePosition,
  type AdminFeaturedRequest,
  type AdminFeaturedResult,
} from '../../../src/domain/admin/admin-featured';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import {
  FEATURED_BOOK_SLOTS,
  FEATURED_PROFILE_SLOTS,
  featuredDocId,
} from '../../../src/domain/home/featured';
import { db } from '../shared/firestore';
import { auditInTransaction } from '../shared/audit';
import { guardedCall } from '../shared/guard';

/** The two kinds of slots: their collection, count and the field naming what they hold. */
const KINDS = {
  book: { collection: 'featured_books', count: FEATURED_BOOK_SLOTS, field: 'book_id' },
  profile: { collection: 'featured_profiles', count: FEATURED_PROFILE_SLOTS, field: 'user_id' },
} as const;
type Kind = keyof typeof KINDS;

/**
 * Every slot of a kind, read in the transaction (missing ones too), so two admins
 * assigning at the same time are serialised: one of them retries and sees the other's slot.
 */
async function readSlots(tx: Transaction, firestore: Firestore, kind: Kind) {
  const { collection, count, field } = KINDS[kind];
  const refs = Array.from({ length: count }, (_, i) =>
    firestore.collection(collection).doc(featuredDocId(i + 1)),
  );
  const snaps = await tx.getAll(...refs);
  return snaps.map((snap, i) => ({
    position: i + 1,
    ref: refs[i] as DocumentReference,
    holds: snap.exists ? (snap.get(field) as string) : null,
  }));
}

/** Whether the item may be featured: an active book, or an active and approved member. */
async function checkFeaturable(
  tx: Transaction,
  firestore: Firestore,
  kind: Kind,
  id: string,
): Promise<DocumentReference> {
  const ref = firestore.collection(kind === 'book' ? 'books' : 'profiles').doc(id);
  const snap = await tx.get(ref);
  const ok =
    snap.exists &&
    snap.get('is_active') !== false &&
    (kind === 'book' || snap.get('approval_status') === 'approved');
  if (!ok)
    throw new HttpsError(
      'failed-precondition',
      kind === 'book' ? BOOK_NOT_FEATURABLE_MESSAGE : PROFILE_NOT_FEATURABLE_MESSAGE,
    );
  return ref;
}

/**
 * Puts `id` in `position` (the slot's previous holder leaves; the item leaves any
 * other slot it held) in one transaction with the books' is_featured flags and the
 * audit entry. A null position removes the item from every slot it holds.
 */
async function place(
  firestore: Firestore,
  actorUid: string,
  kind: Kind,
  id: string,
  position: number | 'first-free' | null,
  action: string,
): Promise<AdminFeaturedResult> {
  const { field } = KINDS[kind];
  return firestore.runTransaction(async (tx) => {
    const slots = await readSlots(tx, firestore, kind);
    const itemRef = position === null ? null : await checkFeaturable(tx, firestore, kind, id);
    const current = slots.find((slot) => slot.holds === id);
    let target: number | null;
    if (position === 'first-free') {
      target =
        current?.position ??
        firstFreePosition(
          slots.filter((slot) => slot.holds !== null).map((slot) => slot.position),
          slots.length,
        );
      if (target === null) throw new HttpsError('resource-exhausted', MAX_FEATURED_BOOKS_MESSAGE);
    } else {
      target = position;
    }
    const displaced = target === null ? null : (slots[target - 1]?.holds ?? null);
    // Books that stop being featured (the displaced one) need their reads before any write.
    const displacedBook =
      kind === 'book' && displaced !== null && displaced !== id
        ? firestore.collection('books').doc(displaced)
        : null;
    const displacedExists = displacedBook ? (await tx.get(displacedBook)).exists : false;
    const unfeatured = kind === 'book' && position === null ? firestore.collection('books').doc(id) : null;
    const unfeaturedExists = unfeatured ? (await tx.get(unfeatured)).exists : false;

    for (const slot of slots) {
      if (slot.holds === id && slot.position !== target) tx.delete(slot.ref);
    }
    if (target !== null && itemRef) {
      tx.set(slots[target - 1]!.ref, {
        [field]: id,
        position: target,
        created_by: actorUid,
        created_at: FieldValue.serverTimestamp(),
      });
      if (kind === 'book') tx.update(itemRef, { is_featured: true });
    }
    if (displacedBook && displacedExists) tx.update(displacedBook, { is_featured: false });
    if (unfeatured && unfeaturedExists) tx.update(unfeatured, { is_featured: false });
    auditInTransaction(tx, firestore, {
      actorUid,
      action,
      targetUid: kind === 'profile' ? id : null,
      before: { position: current?.position ?? null, [`displaced_${field}`]: displaced },
      after: { position: target, [field]: id },
    });
    return { position: target };
  });
}

/** Empties a slot; a book that leaves it is no longer featured. */
async function clearSlot(
  firestore: Firestore,
  actorUid: string,
  kind: Kind,
  position: number,
  action: string,
): Promise<AdminFeaturedResult> {
  const { collection, field } = KINDS[kind];
  const slotRef = firestore.collection(collection).doc(featuredDocId(position));
  await firestore.runTransaction(async (tx) => {
    const slot = await tx.get(slotRef);
    if (!slot.exists) return;
    const held = slot.get(field) as string;
    const book = kind === 'book' ? firestore.collection('books').doc(held) : null;
    const bookExists = book ? (await tx.get(book)).exists : false;
    tx.delete(slotRef);
    if (book && bookExists) tx.update(book, { is_featured: false });
    auditInTransaction(tx, firestore, {
      actorUid,
      action,
      targetUid: kind === 'profile' ? held : null,
      before: { position, [field]: held },
      after: null,
    });
  });
  return { position: null };
}

/** Runs one validated request for the admin `actorUid`. */
export function runAdminFeatured(
  firestore: Firestore,
  actorUid: string,
  request: AdminFeaturedRequest,
): Promise<AdminFeaturedResult> {
  switch (request.action) {
    case 'assign-book':
      return place(firestore, actorUid, 'book', request.bookId, request.position, request.action);
    case 'remove-book':
      return clearSlot(firestore, actorUid, 'book', request.position, request.action);
    case 'set-book-featured':
      return place(
        firestore,
        actorUid,
        'book',
        request.bookId,
        request.featured ? 'first-free' : null,
        request.action,
      );
    case 'assign-profile':
      return place(firestore, actorUid, 'profile', request.userId, request.position, request.action);
    case 'remove-profile':
      return clearSlot(firestore, actorUid, 'profile', request.position, request.action);
  }
}

/**
 * The home page's featured books (12 slots) and authors (6), for callers with the
 * `admin` claim only. Assigning replaces the slot's holder atomically; the publish
 * pipeline republishes the home page when the slots change.
 * Errors: unauthenticated / permission-denied ('Access Denied'), invalid-argument,
 * failed-precondition (a disabled book, an inactive or unapproved member),
 * resource-exhausted ('Maximum of 12 featured books allowed').
 */
export const adminFeatured = guardedCall('admin', async (request, caller): Promise<AdminFeaturedResult> => {
  const actorUid = caller.uid;
  const parsed = adminFeaturedRequestSchema.safeParse(request.data);
  if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
  try {
    return await runAdminFeatured(db(), actorUid, parsed.data);
  } catch (error) {
    if (error instanceof HttpsError) throw error;
    logger.error('adminFeatured failed', { action: parsed.data.action, error });
    throw new HttpsError('internal', 'The featured slots could not be changed. Please try again.');
  }
});
