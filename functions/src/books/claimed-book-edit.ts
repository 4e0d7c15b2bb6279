// editClaimedBook: the member who claimed a catalogue book (src/domain/books/author-claim.ts)
// keeps its purchase links and corrects its description, subjects and first year
// (src/domain/books/claimed-book-edit.ts). One transaction reads the book, checks
// the claim against it now (claimed_by is the caller), writes the changed fields and
// an audit entry naming them; an edit that changes nothing writes nothing.
import { HttpsError } from 'firebase-functions/v2/https';
import * as logger from 'firebase-functions/logger';
import { Timestamp } from 'firebase-admin/firestore';
import {
  CLAIMED_BOOK_EDIT_MESSAGES,
  editClaimedBookRequestSchema,
  firstPublishedInRange,
} from '../../../src/domain/books/claimed-book-edit';
import { firstErrorMessage } from '../../../src/domain/shared/common';
import { auditInTransaction, changedFields } from '../shared/audit';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';

/**
 * Saves the claimant's changes to a claimed catalogue book. Request:
 * editClaimedBookRequestSchema; answers { id, changed } (the fields it changed).
 * Errors: unauthenticated / permission-denied (not a member; not the claimant);
 * invalid-argument (the field's message); not-found.
 */
export const editClaimedBook = guardedCall(
  'member',
  async (request, caller): Promise<{ id: string; changed: string[] }> => {
    const parsed = editClaimedBookRequestSchema.safeParse(request.data);
    if (!parsed.success) throw new HttpsError('invalid-argument', firstErrorMessage(parsed.error));
    const { bookId, fields } = parsed.data;
    if (!firstPublishedInRange(fields.first_published, new Date()))
      throw new HttpsError('invalid-argument', CLAIMED_BOOK_EDIT_MESSAGES.year);
    const firestore = db();
    const ref = firestore.collection('books').doc(bookId);
    try {
      const changed = await firestore.runTransaction(async (tx) => {
        const book = await tx.get(ref);
        if (!book.exists || book.get('kind') !== 'catalogue')
          throw new HttpsError('not-found', CLAIMED_BOOK_EDIT_MESSAGES.notFound);
        if (book.get('claimed_by') !== caller.uid)
          throw new HttpsError('permission-denied', CLAIMED_BOOK_EDIT_MESSAGES.notYours);
        const after = {
          purchase_links: fields.purchase_links.map((link) => ({ ...link, price: link.price ?? null })),
          description: fields.description === '' ? null : fields.description,
          subjects: fields.subjects,
          first_published: fields.first_published,
        };
        const before = Object.fromEntries(Object.keys(after).map((key) => [key, book.get(key) ?? null]));
        const diff = changedFields(before, after);
        const keys = Object.keys(diff.after);
        if (keys.length === 0) return keys;
        tx.update(ref, { ...diff.after, updated_at: Timestamp.now() });
        auditInTransaction(tx, firestore, {
          actorUid: caller.uid,
          action: 'claimed-book-edit',
          targetUid: caller.uid,
          before: { book_id: bookId, ...diff.before },
          after: { book_id: bookId, ...diff.after },
        });
        return keys;
      });
      logger.info('editClaimedBook', { book: bookId, by: caller.uid, changed });
      return { id: bookId, changed };
    } catch (error) {
      if (error instanceof HttpsError) throw error;
      logger.error('editClaimedBook failed', { book: bookId, error });
      throw new HttpsError('internal', CLAIMED_BOOK_EDIT_MESSAGES.failed);
    }
  },
);
