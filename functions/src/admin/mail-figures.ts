// The admin dashboard's delivery figures: for each kind of bulk mail, and for
// each of the latest sent newsletters, what was sent, skipped as suppressed,
// delivered, bounced and reported as spam (src/domain/mail/delivery-figures.ts).
import type { Timestamp } from 'firebase-admin/firestore';
import {
  BATCH_KINDS,
  BATCH_KIND_LABELS,
  NO_FIGURES,
  figureIds,
} from '../../../src/domain/mail/delivery-figures';
import type { AdminMailFiguresResponse } from '../../../src/domain/callables';
import { db } from '../shared/firestore';
import { guardedCall } from '../shared/guard';
import { readFigures } from '../mail/figures';

/** How many of the latest sent newsletters the dashboard lists. */
export const NEWSLETTERS_SHOWN = 20;

/** The figures by kind and by newsletter. Admins only; no request data. */
export const adminMailFigures = guardedCall('admin', async (): Promise<AdminMailFiguresResponse> => {
  const firestore = db();
  const sent = await firestore
    .collection('newsletters')
    .orderBy('sent_at', 'desc')
    .limit(NEWSLETTERS_SHOWN)
    .get();
  const newsletters = sent.docs.filter((doc) => doc.get('sent_at'));
  const ids = [
    ...BATCH_KINDS.map((kind) => figureIds({ kind, id: '-' })[1]),
    ...newsletters.map((doc) => figureIds({ kind: 'newsletter', id: doc.id })[0]),
  ];
  const figures = await readFigures(firestore, ids);
  return {
    kinds: BATCH_KINDS.map((kind) => ({
      kind,
      label: BATCH_KIND_LABELS[kind],
      figures: figures.get(figureIds({ kind, id: '-' })[1]) ?? NO_FIGURES,
    })),
    newsletters: newsletters.map((doc) => ({
      id: doc.id,
      title: String(doc.get('title') ?? ''),
      sentAt: (doc.get('sent_at') as Timestamp).toMillis(),
      figures: figures.get(figureIds({ kind: 'newsletter', id: doc.id })[0]) ?? NO_FIGURES,
    })),
  };
});
