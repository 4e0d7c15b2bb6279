// The suppression list's one door to Firestore: mail_suppressions/{key}, where
// the key is an HMAC-SHA256 under MAIL_SUPPRESSION_SECRET of the mailbox
// (mailboxKey: trimmed, lower-cased, plus-tag dropped), and mail_events/{id},
// the provider event ids already applied. Without the secret a key cannot be
// turned back into an address; the documents hold no address and no uid.
import { createHmac } from 'node:crypto';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { mailboxKey } from '../../../src/domain/shared/mailbox';
import {
  MAIL_EVENTS,
  MAIL_EVENT_MEMORY_MS,
  MAIL_SUPPRESSIONS,
  liftedSuppression,
  mailSuppressionSchema,
  nextSuppression,
  type DeliveryEvent,
  type MailSuppression,
} from '../../../src/domain/mail/suppression';
import { figureOfEvent, isBatchKind } from '../../../src/domain/mail/delivery-figures';
import { countEventInTransaction } from './figures';

/** The hashing key; required outside the demo project. Changing it forgets the whole list. */
export function suppressionSecret(): string {
  const secret = process.env.MAIL_SUPPRESSION_SECRET?.trim() ?? '';
  if (secret.length < 16) throw new Error('MAIL_SUPPRESSION_SECRET must be set (at least 16 characters)');
  return secret;
}

/**
 * False when MAIL_SUPPRESSION_SECRET is not set: then nothing can have been written
 * to the list (the webhook needs the key too), so senders skip the read rather
 * than fail every mail of a deployment that has not set it up yet.
 */
export function suppressionListConfigured(): boolean {
  return (process.env.MAIL_SUPPRESSION_SECRET?.trim() ?? '').length >= 16;
}

/** The list's key of an address: the same for every spelling of one mailbox. */
export function suppressionKey(email: string, secret = suppressionSecret()): string {
  return createHmac('sha256', secret)
    .update(`mail-suppression:${mailboxKey(email)}`)
    .digest('hex');
}

const suppressionRef = (firestore: Firestore, key: string) =>
  firestore.collection(MAIL_SUPPRESSIONS).doc(key);

function parse(data: unknown): MailSuppression | null {
  // Firestore may hold fields this version does not know (the delivery figures); the schema strips them.
  return data === undefined ? null : mailSuppressionSchema.parse(data);
}

/** The record of one address (one read), or null when no event ever touched it. */
export async function readSuppression(firestore: Firestore, email: string): Promise<MailSuppression | null> {
  return parse((await suppressionRef(firestore, suppressionKey(email)).get()).data());
}

/** The records of many addresses in one getAll, by address as given (bulk batches). */
export async function readSuppressions(
  firestore: Firestore,
  emails: readonly string[],
): Promise<Map<string, MailSuppression | null>> {
  const result = new Map<string, MailSuppression | null>();
  if (emails.length === 0) return result;
  const secret = suppressionSecret();
  const refs = emails.map((email) => suppressionRef(firestore, suppressionKey(email, secret)));
  const snaps = await firestore.getAll(...refs);
  emails.forEach((email, i) => result.set(email, parse(snaps[i]?.data())));
  return result;
}

/** What became of one verified event. */
export type EventOutcome = 'applied' | 'duplicate';

/**
 * Applies one provider event once: in one transaction the event id is checked
 * and recorded (mail_events/{provider}_{id}, with a TTL), the address's
 * record moves on by nextSuppression, and a tagged bulk mail's send counts it
 * (the delivery figures). An address Shelfmark never mailed is
 * recorded all the same (the list is by address, not by member).
 */
export async function applyDeliveryEvent(
  firestore: Firestore,
  provider: string,
  event: DeliveryEvent,
  now = Date.now(),
): Promise<EventOutcome> {
  const eventRef = firestore.collection(MAIL_EVENTS).doc(`${provider}_${event.id}`.replace(/\//g, '_'));
  const ref = suppressionRef(firestore, suppressionKey(event.address));
  return firestore.runTransaction(async (tx) => {
    const [seen, snap] = await Promise.all([tx.get(eventRef), tx.get(ref)]);
    if (seen.exists) return 'duplicate';
    const current = parse(snap.data());
    const next = nextSuppression(current, event);
    tx.set(ref, next, { merge: true });
    // The send's figures move with the event, in its transaction: exactly once per event.
    if (event.batch !== null && isBatchKind(event.batch.kind))
      countEventInTransaction(
        tx,
        firestore,
        { kind: event.batch.kind, id: event.batch.id },
        figureOfEvent(event.kind),
      );
    tx.create(eventRef, {
      kind: event.kind,
      batch_kind: event.batch?.kind ?? null,
      batch_id: event.batch?.id ?? null,
      processed_at: Timestamp.fromMillis(now),
      expires_at: Timestamp.fromMillis(now + MAIL_EVENT_MEMORY_MS),
    });
    return 'applied';
  });
}

/** Lifts the suppression of `email` (its member proved the address at `now`); false when none was in force. */
export async function liftSuppression(
  firestore: Firestore,
  email: string,
  now = Date.now(),
): Promise<boolean> {
  const ref = suppressionRef(firestore, suppressionKey(email));
  return firestore.runTransaction(async (tx) => {
    const current = parse((await tx.get(ref)).data());
    if (current?.reason == null) return false;
    tx.set(ref, liftedSuppression(current, now), { merge: true });
    return true;
  });
}
