// The delivery figures' one door to Firestore (src/domain/mail/delivery-figures.ts):
// mail_figures/{figureId}/shards/{n}, each counter moved by FieldValue.increment
// on one random shard, read by adding the shards up. Sent and suppressed are
// counted by the senders, once per batch run; the provider's events in the
// webhook's transaction, so exactly once per event.
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  FIGURE_SHARDS,
  MAIL_FIGURES,
  figureIds,
  sumShards,
  type BatchTag,
  type FigureField,
  type MailFigures,
} from '../../../src/domain/mail/delivery-figures';

const shardRef = (firestore: Firestore, figureId: string) =>
  firestore
    .collection(MAIL_FIGURES)
    .doc(figureId)
    .collection('shards')
    .doc(String(Math.floor(Math.random() * FIGURE_SHARDS)));

/** The increments for `counts`, without the zeros. */
function increments(counts: Partial<Record<FigureField, number>>): Record<string, FieldValue> {
  const fields: Record<string, FieldValue> = {};
  for (const [field, n] of Object.entries(counts)) if (n) fields[field] = FieldValue.increment(n);
  return fields;
}

/** Counts what one batch run sent and skipped, on the send and on its kind (two writes; none for zeros). */
export async function countSends(
  firestore: Firestore,
  tag: BatchTag,
  counts: { sent: number; suppressed: number },
): Promise<void> {
  const fields = increments(counts);
  if (Object.keys(fields).length === 0) return;
  const batch = firestore.batch();
  for (const id of figureIds(tag)) batch.set(shardRef(firestore, id), fields, { merge: true });
  await batch.commit();
}

/** Counts one provider event on its send and its kind, in the transaction that records the event. */
export function countEventInTransaction(
  tx: Transaction,
  firestore: Firestore,
  tag: BatchTag,
  field: FigureField,
): void {
  for (const id of figureIds(tag))
    tx.set(shardRef(firestore, id), increments({ [field]: 1 }), { merge: true });
}

/** The figures of several counter documents by id (one query per document). */
export async function readFigures(
  firestore: Firestore,
  figureIdList: readonly string[],
): Promise<Map<string, MailFigures>> {
  const result = new Map<string, MailFigures>();
  await Promise.all(
    figureIdList.map(async (id) => {
      const shards = await firestore.collection(MAIL_FIGURES).doc(id).collection('shards').get();
      result.set(id, sumShards(shards.docs.map((doc) => doc.data())));
    }),
  );
  return result;
}
