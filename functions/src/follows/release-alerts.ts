/**
 * New-book alerts, exactly once per follower per book, on the bulk-mail engine
 * (mail/batches.ts, which holds the batches' queueing, the delivery claims and
 * their leases, and completion; BOOK_ALERT_MAIL is this kind's config):
 *
 * 1. The release. When a book becomes public (published, its author approved
 *    and active: books.is_public, src/domain/accounts/visibility.ts), one transaction
 *    checks that it is still public and that `book_alerts/{bookId}` does not
 *    exist, and creates it together with the instant followers' follow ids
 *    frozen into batch documents (`book_alerts/{bookId}/batches/{n}`, their
 *    `follow_ids`). The marker is never removed, so a second trigger for the
 *    same change, a retried event, or the book hidden and shown again finds it
 *    and releases nothing more. Its released_at is what the weekly digest gathers.
 * 2. The fan-out. One task per batch (deliverReleaseAlerts), due ALERT_DELAY_MS
 *    after the release: a book deleted or hidden before then alerts nobody.
 *    Each follower's delivery is claimed in
 *    `book_alerts/{bookId}/deliveries/{followId}` before the mail goes out and
 *    marked sent after, so a retried or duplicated task skips everyone already
 *    mailed. The daily cap is checked on the follow itself (last_alert, in a
 *    transaction) once the delivery is claimed: a follower alerted of another
 *    book of the author within ALERT_CAP_MS gets no mail now; the book is added
 *    to the follow's deferred_book_ids for their next digest, and the delivery
 *    is done (deferred: true).
 * 3. Completion. The batch that completes last sets completed_at.
 *
 * What a release sends depends on the book's publication date when it first
 * becomes public (releaseKind, src/domain/books/releases.ts), stored as the marker's
 * `kind`: 'new' alerts as above; 'preorder' sends a "coming on <date>" alert the
 * same way and notes the date as `out_now_due`, where the out-now job (out-now.ts)
 * finds it; 'backlist' freezes nobody (a marker with no batches), so only the
 * weekly digest lists it. The out-now round is a second send on the same marker
 * under its own names (ROUNDS: out_now_batches, out_now_deliveries, out_now_*
 * counters), to every follower of the author whatever their mode.
 *
 * Reads are O(followers): one id-only query of the author's instant followers,
 * then per batch the batch, the marker, the book, its follows (getAll) and the
 * members' addresses from Auth (one call per batch); nothing reads the members at large.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { bookSchema } from '../../../src/domain/books/book';
import {
  FOLLOWS,
  alertCapDecision,
  followSchema,
  withDeferredBook,
  type CappedMail,
  type Follow,
} from '../../../src/domain/follows/follows';
import { parseDoc, toPlainData } from '../../../src/data/firestore-convert';
import { isPreorder, outNowDue, releaseKind, type ReleaseKind } from '../../../src/domain/books/releases';
import { featurePosition } from '../../../src/domain/billing/early-access';
import { readEarlyAccess } from '../billing/early-access';
import {
  deliverBatch,
  freezeBatches,
  intoBatches,
  queueOpenBatches,
  type BatchOutcome,
  type BulkMail,
  type BulkMailDeps,
  type Prepared,
  type Recipient,
  type SendPlace,
} from '../mail/batches';
import type { Mail } from '../mail/send-mail';
import type { MailBrand } from '../mail/templates';
import { outNowAlertMail, preorderAlertMail, releaseAlertMail, type AlertBook } from './alert-mail';

/** book_alerts/{bookId}: the release marker of a book (and its batches and deliveries). */
export const BOOK_ALERTS = 'book_alerts';

/** What the alerts need from the outside world. */
export interface AlertDeps extends BulkMailDeps {
  /** Queues the delivery of one batch of a round, to run no earlier than `notBefore`. */
  enqueueBatch: (bookId: string, batch: string, notBefore: Date, round: AlertRound) => Promise<void>;
  /** The verified, enabled sign-in addresses of these members (uid → address); others are left out. */
  memberEmails: (uids: readonly string[]) => Promise<Map<string, string>>;
  /** The site's title, logo and address for the mail. */
  brand: () => Promise<MailBrand>;
  /** How long after the release the alerts go out (ALERT_DELAY_MS in production). */
  delayMs: number;
  /** Waits `ms` (a delivery that arrives a little early waits for its time). */
  sleep: (ms: number) => Promise<void>;
  /** For each follow, whether its follower may be mailed now (the 'follows' switch: alertAudience). */
  audience: (follows: readonly Follow[]) => Promise<boolean[]>;
}

/** A delivery that arrives at most this early waits in the task; one earlier is queued again for its time. */
const MAX_WAIT_IN_TASK_MS = 60_000;

/** The rounds of alerts one marker holds: the release itself, and a preorder's out-now on its date. */
export const ALERT_ROUNDS = ['release', 'out_now'] as const;
export type AlertRound = (typeof ALERT_ROUNDS)[number];

/** Where a round keeps its batches and deliveries, and its fields' names on the marker. */
interface RoundNames {
  batches: string;
  deliveries: string;
  /** The prefix of its counters on the marker (batch_count, batches_done, queued, completed_at). */
  prefix: '' | 'out_now_';
  /** The marker field holding when the round started. */
  startedAt: 'released_at' | 'out_now_at';
}

const ROUNDS: Record<AlertRound, RoundNames> = {
  release: { batches: 'batches', deliveries: 'deliveries', prefix: '', startedAt: 'released_at' },
  out_now: {
    batches: 'out_now_batches',
    deliveries: 'out_now_deliveries',
    prefix: 'out_now_',
    startedAt: 'out_now_at',
  },
};

export const markerRef = (fs: Firestore, bookId: string) => fs.collection(BOOK_ALERTS).doc(bookId);

/** One round of alerts of one book: a send of the bulk-mail engine. */
export interface AlertSend {
  bookId: string;
  round: AlertRound;
}

/** Where a round's send lives: on the book's marker, under the round's names. */
export function alertPlace(fs: Firestore, bookId: string, round: AlertRound): SendPlace {
  const marker = markerRef(fs, bookId);
  return {
    state: marker,
    batches: marker.collection(ROUNDS[round].batches),
    deliveries: marker.collection(ROUNDS[round].deliveries),
    prefix: ROUNDS[round].prefix,
  };
}

/** What a release did. */
export interface ReleaseResult {
  /** True when this call released the book; false when it was released before or is not public. */
  released: boolean;
  /** Instant followers frozen into the release (this call's or the earlier one's). */
  recipientCount: number;
  /** What the release is (releaseKind); absent when nothing was released. */
  kind?: ReleaseKind;
}

/**
 * Releases `bookId` once (see the file comment) and queues its batches. A
 * release whose batches were not all queued (the releasing call died) is queued
 * again by the next call; the delivery records make a batch queued twice harmless.
 */
export async function releaseBook(deps: AlertDeps, bookId: string): Promise<ReleaseResult> {
  const fs = deps.firestore;
  const marker = await markerRef(fs, bookId).get();
  if (marker.exists) {
    if (marker.get('queued') !== true) await queueAlertBatches(deps, bookId, 'release');
    return { released: false, recipientCount: Number(marker.get('recipient_count')) };
  }
  const book = await fs.collection('books').doc(bookId).get();
  const authorUid = book.get('user_id');
  if (!book.exists || book.get('is_public') !== true || typeof authorUid !== 'string')
    return { released: false, recipientCount: 0 };
  // With the preorders switch off a book dated ahead is released as new: one alert now, no out-now round.
  const preorders = featurePosition(await readEarlyAccess(fs), 'preorders') !== 'off';
  const kindOf = (date: string | null | undefined): ReleaseKind => {
    const kind = releaseKind(date, deps.now());
    return kind === 'preorder' && !preorders ? 'new' : kind;
  };
  const planned = kindOf(dateOf(book.get('publication_date')));
  // A backlist book alerts nobody at once: no followers to freeze.
  const followers =
    planned === 'backlist'
      ? []
      : (
          await fs
            .collection(FOLLOWS)
            .where('author_uid', '==', authorUid)
            .where('mode', '==', 'instant')
            .select()
            .get()
        ).docs;
  const ids = followers.map((doc) => doc.id);
  const batches = intoBatches(ids);

  const outcome = await fs.runTransaction(async (tx) => {
    const [current, bookNow] = await Promise.all([
      tx.get(markerRef(fs, bookId)),
      tx.get(fs.collection('books').doc(bookId)),
    ]);
    if (current.exists)
      return {
        released: false,
        count: Number(current.get('recipient_count')),
        queued: current.get('queued'),
      };
    if (bookNow.get('is_public') !== true || bookNow.get('user_id') !== authorUid)
      return { released: false, count: 0, queued: true };
    const kind = kindOf(dateOf(bookNow.get('publication_date')));
    // The date changed since the followers were read, from backlist to one that alerts: read them again.
    if (kind !== 'backlist' && planned === 'backlist')
      throw new Error(`book ${bookId}: its publication date changed during the release`);
    const frozen = kind === 'backlist' ? [] : batches;
    const count = kind === 'backlist' ? 0 : ids.length;
    const now = Timestamp.fromDate(deps.now());
    const place = alertPlace(fs, bookId, 'release');
    tx.create(place.state, {
      author_uid: authorUid,
      released_at: now,
      kind,
      ...freezeBatches(tx, BOOK_ALERT_MAIL, place, frozen, count, now),
      // A release that freezes nobody is complete at once.
      ...(frozen.length === 0 ? { completed_at: now } : {}),
      ...(kind === 'preorder'
        ? { out_now_due: outNowDue(dateOf(bookNow.get('publication_date')), deps.now()) }
        : {}),
    });
    return { released: true, count, queued: false, kind };
  });
  if (outcome.queued !== true) await queueAlertBatches(deps, bookId, 'release');
  return {
    released: outcome.released,
    recipientCount: outcome.count,
    ...('kind' in outcome ? { kind: outcome.kind } : {}),
  };
}

/** A stored publication date, or null when the field holds none. */
export function dateOf(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * When a round's alerts are due: the release's ALERT_DELAY_MS (deps.delayMs) after
 * its released_at, so a book deleted or hidden meanwhile alerts nobody; the
 * out-now round at once (the book has been public since its preorder).
 */
function dueAt(deps: AlertDeps, round: AlertRound, startedAt: unknown): Date {
  const started = startedAt instanceof Timestamp ? startedAt.toMillis() : deps.now().getTime();
  return new Date(started + (round === 'release' ? deps.delayMs : 0));
}

/** Queues every batch of `round` not yet done, then notes that the round is fully queued. */
export function queueAlertBatches(deps: AlertDeps, bookId: string, round: AlertRound): Promise<void> {
  return queueOpenBatches(BOOK_ALERT_MAIL, deps, { bookId, round });
}

/**
 * Applies the daily cap to one follower's instant mail about `mail` (a book's
 * alert, or an author's update: update-mail.ts), in a transaction on the
 * follow: 'send' records it as the follow's last alert; 'defer' adds it to the
 * follow's deferred books or updates for the next digest; 'gone' when the
 * follow no longer exists. One cap for every instant mail of an author.
 */
export async function capAlert(
  deps: Pick<AlertDeps, 'firestore' | 'now'>,
  followId: string,
  mail: CappedMail,
): Promise<'send' | 'defer' | 'gone'> {
  const fs = deps.firestore;
  const ref = fs.collection(FOLLOWS).doc(followId);
  return fs.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    const parsed = snap.exists ? followSchema.safeParse(toPlainData(snap.data())) : undefined;
    if (!parsed?.success) return 'gone';
    const now = deps.now();
    if (alertCapDecision(parsed.data.last_alert, mail, now) === 'send') {
      tx.update(ref, { last_alert: { at: Timestamp.fromDate(now), ...mail } });
      return 'send';
    }
    if ('book_id' in mail)
      tx.update(ref, { deferred_book_ids: withDeferredBook(parsed.data.deferred_book_ids, mail.book_id) });
    else
      tx.update(ref, {
        deferred_update_ids: withDeferredBook(parsed.data.deferred_update_ids, mail.update_id),
      });
    return 'defer';
  });
}

/** Where a follow's alert goes: the member's verified address, or the email follower's stored one. */
async function addressesOf(
  deps: Pick<AlertDeps, 'memberEmails'>,
  follows: readonly Follow[],
): Promise<(string | null)[]> {
  const members = follows.flatMap((f) => (f.follower.kind === 'member' ? [f.follower.uid] : []));
  const emails = members.length > 0 ? await deps.memberEmails(members) : new Map<string, string>();
  return follows.map((f) =>
    f.follower.kind === 'email' ? f.follower.email : (emails.get(f.follower.uid) ?? null),
  );
}

/** A follower who may be mailed now: the follow's id and the follow, and where the mail goes. */
export interface MailableFollower {
  id: string;
  follow: Follow;
  to: string;
}

/**
 * Of the follows `ids` (a batch's), the followers who may be mailed now, and how
 * many are dropped: a follow gone or not `wanted` (the release: instant followers
 * only), one the follows switch leaves out as it is now (off: nobody; Premium
 * members: only them), one without a verified address. Any mail to an author's
 * followers picks its recipients this way.
 */
export async function mailableFollowers(
  deps: Pick<AlertDeps, 'firestore' | 'audience' | 'memberEmails'>,
  ids: readonly string[],
  wanted: (follow: Follow) => boolean,
): Promise<{ followers: MailableFollower[]; dropped: number }> {
  const fs = deps.firestore;
  const snaps = ids.length > 0 ? await fs.getAll(...ids.map((id) => fs.collection(FOLLOWS).doc(id))) : [];
  const followed: { id: string; follow: Follow }[] = [];
  for (const snap of snaps) {
    const parsed = snap.exists ? followSchema.safeParse(toPlainData(snap.data())) : undefined;
    if (parsed?.success && wanted(parsed.data)) followed.push({ id: snap.id, follow: parsed.data });
  }
  const allowed = followed.length > 0 ? await deps.audience(followed.map((f) => f.follow)) : [];
  const live = followed.filter((_, i) => allowed[i] === true);
  const addresses = await addressesOf(
    deps,
    live.map((f) => f.follow),
  );
  const followers = live.flatMap((f, i) => {
    const to = addresses[i] ?? null;
    return to === null ? [] : [{ ...f, to }];
  });
  return { followers, dropped: ids.length - followers.length };
}

/** The alerts' own counters: followers left out before their claim, or closed without a mail. */
type AlertCounter = 'dropped' | 'deferred';

/**
 * What a batch delivery did: sent; skipped (already mailed by an earlier run);
 * dropped (unfollowed, switched to the weekly digest, or without a verified
 * address since the release); deferred (alerted of another of the author's
 * books within the daily cap: kept for their next digest); open (failed or held
 * by another worker: the batch is retried for them).
 */
export type AlertBatchOutcome = BatchOutcome<AlertCounter>;

/**
 * The mail of one follower's alert of `round`: a preorder's release says when it
 * comes out, while its date is still to come (edited to today meanwhile, it is
 * simply new); the out-now round says it is out.
 */
function roundMail(
  deps: AlertDeps,
  round: AlertRound,
  kind: unknown,
  brand: MailBrand,
  book: AlertBook,
  to: string,
  follower: { id: string; mode: Follow['mode'] },
): Mail {
  const followId = follower.id;
  if (round === 'out_now') return outNowAlertMail(brand, book, to, followId, follower.mode);
  const date = book.publication_date;
  return kind === 'preorder' && date && isPreorder(date, deps.now())
    ? preorderAlertMail(brand, { ...book, publication_date: date }, to, followId)
    : releaseAlertMail(brand, book, to, followId);
}

/**
 * Reads what one batch of a round needs, as the bulk-mail engine asks
 * (BulkMail.prepare): not before the round is due (a little early waits here,
 * much earlier is queued again for its time); a book no longer public by then
 * is not announced to the rest. The release mails instant followers only (one
 * who switched to the digest meanwhile is dropped), the out-now round every
 * follower; each follower's mail is composed once their delivery is claimed,
 * after the daily cap.
 */
async function prepareAlerts(
  deps: AlertDeps,
  { bookId, round }: AlertSend,
  ids: readonly string[],
  batch: string,
): Promise<Prepared<AlertCounter>> {
  const fs = deps.firestore;
  const markerSnap = await markerRef(fs, bookId).get();
  const due = dueAt(deps, round, markerSnap.get(ROUNDS[round].startedAt));
  const early = due.getTime() - deps.now().getTime();
  if (early > MAX_WAIT_IN_TASK_MS) {
    await deps.enqueueBatch(bookId, batch, due, round);
    return 'later';
  }
  if (early > 0) await deps.sleep(early);
  const bookSnap = await fs.collection('books').doc(bookId).get();
  if (!bookSnap.exists || bookSnap.get('is_public') !== true) return 'closed';
  const book: AlertBook = parseDoc(bookSchema, bookSnap.id, bookSnap.data() ?? {}, 'books');
  const { followers, dropped } = await mailableFollowers(
    deps,
    ids,
    (follow) => round === 'out_now' || follow.mode === 'instant',
  );
  const brand = await deps.brand();
  const recipients = followers.map(({ id, to, follow }): Recipient<AlertCounter> => ({
    id,
    async compose() {
      const cap = await capAlert(deps, id, { book_id: bookId });
      if (cap === 'send')
        return {
          mail: roundMail(deps, round, markerSnap.get('kind'), brand, book, to, { id, mode: follow.mode }),
        };
      // Done for this release either way: deferred to the digest, or unfollowed meanwhile.
      return { closedAs: cap === 'defer' ? 'deferred' : 'dropped', record: { deferred: cap === 'defer' } };
    },
  }));
  return { recipients, counted: { dropped } };
}

/** New-book and out-now alerts, for the bulk-mail engine: one send per book and round. */
export const BOOK_ALERT_MAIL: BulkMail<AlertSend, AlertDeps, string, AlertCounter> = {
  label: ({ bookId, round }, batch) => `book ${bookId} ${round} alerts batch ${batch}`,
  noun: 'followers',
  tag: ({ bookId, round }) => ({ kind: 'alert', id: `${bookId}_${round}` }),
  place: (fs, { bookId, round }) => alertPlace(fs, bookId, round),
  recipientsField: 'follow_ids',
  concurrency: 8,
  counters: ['dropped', 'deferred'],
  async enqueue(deps, { bookId, round }, batches) {
    const marker = await markerRef(deps.firestore, bookId).get();
    const due = dueAt(deps, round, marker.get(ROUNDS[round].startedAt));
    for (const batch of batches) await deps.enqueueBatch(bookId, batch, due, round);
  },
  prepare: prepareAlerts,
};

/**
 * Delivers one batch of a round: each follower at most once (prepareAlerts
 * says who). Throws when some are still open, so the task queue retries the
 * batch for them.
 */
export function deliverAlertBatch(
  deps: AlertDeps,
  bookId: string,
  batch: string,
  round: AlertRound = 'release',
): Promise<AlertBatchOutcome> {
  return deliverBatch(BOOK_ALERT_MAIL, deps, { bookId, round }, batch);
}
