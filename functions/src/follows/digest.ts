/**
 * The weekly digest: for every follower with weekly alerts, one mail gathering
 * the books that first became public in the past week (their release markers,
 * book_alerts/{bookId}.released_at) of everyone they follow; no mail when there
 * is nothing new. Exactly once per follower per ISO week: the delivery record
 * `follow_digests/{followerKey}_{week}` is claimed before the mail goes out and
 * marked sent after (claimDelivery, from the bulk-mail engine mail/batches.ts),
 * so a rerun or retry of the week's run skips everyone already mailed. The
 * record also lists the follows the digest covered, which its unsubscribe link
 * stops.
 *
 * Backlist books (released with kind 'backlist': dated more than
 * BACKLIST_AFTER_DAYS before they were listed, src/domain/books/releases.ts) sent no
 * instant alert; the digest lists them after the new books, under "Also new on
 * <site>", to every follower of their author, instant followers too (for whom
 * it is the only mail about them).
 *
 * Weekly followers also get the updates their authors posted in the period
 * (author_updates.created_at), still shown and of a public author, shortened,
 * under "Updates from authors you follow"; instant followers had each by mail
 * (update-mail.ts). A week with only updates still makes a digest.
 *
 * The digest also carries the books and updates the instant mails' daily cap
 * deferred (a follow's deferred_book_ids, still public, and
 * deferred_update_ids, still shown and of a public author), whatever the
 * follow's mode; once the digest is sent, those ids leave the follow.
 *
 * Reads: the week's releases, their books, the week's updates and their
 * authors' profiles, and the weekly follows of those authors only (in-queries of 30 authors), the follows holding deferred
 * books or updates and those books and updates (with their authors' profiles), plus the members' addresses from Auth, 100 a call.
 */
import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { bookSchema, type Book } from '../../../src/domain/books/book';
import {
  DIGEST_PERIOD_MS,
  FOLLOWS,
  followSchema,
  isoWeekId,
  type Follow,
} from '../../../src/domain/follows/follows';
import {
  AUTHOR_UPDATES,
  authorUpdateSchema,
  type AuthorUpdate,
} from '../../../src/domain/updates/author-update';
import { isUpdateMailable } from '../../../src/domain/updates/author-update-page';
import { isOwnerPublic, ownerVisibilityOf } from '../../../src/domain/accounts/visibility';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { toPlainData, tryParseDoc } from '../../../src/data/firestore-convert';
import { chunk, MAX_IN_VALUES } from '../shared/firestore';
import { claimDelivery, countSends, markFailed, markSent, withConcurrency } from '../mail/batches';
import { digestMail, mailUpdateOf, type AlertBook, type MailUpdate } from './alert-mail';
import { readEarlyAccess } from '../billing/early-access';
import { featurePosition } from '../../../src/domain/billing/early-access';
import { BOOK_ALERTS, type AlertDeps } from './release-alerts';

/** follow_digests/{followerKey}_{week}: one weekly digest's delivery record. */
export const FOLLOW_DIGESTS = 'follow_digests';
/** Mails in flight at once. */
const CONCURRENCY = 8;

/** Who a follow's mail goes to, as a key: `m_{uid}` for a member, `e_{hash of the address}` for an email follower. */
export function followerKey(follow: Follow): string {
  return follow.follower.kind === 'member'
    ? `m_${follow.follower.uid}`
    : `e_${emailHash(follow.follower.email)}`;
}

/** What a digest run did. */
export interface DigestOutcome {
  /** The ISO week of the run. */
  week: string;
  /** New public books of the period. */
  books: number;
  /** Updates of the period, shown and of public authors. */
  updates: number;
  /** Followers with something new. */
  followers: number;
  sent: number;
  /** Mailed earlier this week (a rerun). */
  skipped: number;
  /** No verified address, or held by another run: not mailed by this run. */
  open: number;
  /** On the suppression list: not mailed, their digest closed for the week. */
  suppressed: number;
}

/** One author's news of the digest's period: books first public (new and preorders; backlist), and updates. */
interface AuthorBooks {
  fresh: AlertBook[];
  backlist: AlertBook[];
  updates: MailUpdate[];
}

/** Books first public in the DIGEST_PERIOD_MS before `now` that are still public, by author. */
async function newBooksByAuthor(fs: Firestore, now: Date): Promise<Map<string, AuthorBooks>> {
  const since = Timestamp.fromMillis(now.getTime() - DIGEST_PERIOD_MS);
  const releases = await fs
    .collection(BOOK_ALERTS)
    .where('released_at', '>=', since)
    .where('released_at', '<', Timestamp.fromDate(now))
    .select('kind')
    .get();
  const backlist = new Set(
    releases.docs.filter((doc) => doc.get('kind') === 'backlist').map((doc) => doc.id),
  );
  const byAuthor = new Map<string, AuthorBooks>();
  for (const part of chunk(
    releases.docs.map((doc) => doc.id),
    100,
  )) {
    const books = await fs.getAll(...part.map((id) => fs.collection('books').doc(id)));
    for (const snap of books) {
      if (!snap.exists || snap.get('is_public') !== true) continue;
      const book = tryParseDoc(bookSchema, snap);
      if (!book) continue;
      const entry = byAuthor.get(book.user_id) ?? { fresh: [], backlist: [], updates: [] };
      (backlist.has(book.id) ? entry.backlist : entry.fresh).push(book);
      byAuthor.set(book.user_id, entry);
    }
  }
  for (const [uid, updates] of await updatesByAuthor(fs, since, now)) {
    const entry = byAuthor.get(uid) ?? { fresh: [], backlist: [], updates: [] };
    entry.updates.push(...updates);
    byAuthor.set(uid, entry);
  }
  return byAuthor;
}

/**
 * Updates posted in [since, now) that may be mailed (not hidden, no link,
 * their author public), by author, oldest first; a malformed one is left out
 * and logged.
 */
async function updatesByAuthor(
  fs: Firestore,
  since: Timestamp,
  now: Date,
): Promise<Map<string, MailUpdate[]>> {
  const snaps = await fs
    .collection(AUTHOR_UPDATES)
    .where('created_at', '>=', since)
    .where('created_at', '<', Timestamp.fromDate(now))
    .orderBy('created_at')
    .get();
  return mailableUpdates(
    fs,
    snaps.docs.map((snap) => tryParseDoc(authorUpdateSchema, snap)),
  );
}

/**
 * Of `stored` (parsed updates, null for one missing or malformed), those that
 * may be mailed (isUpdateMailable) and whose author is public, as the mail
 * shows them (mailUpdateOf: mail-safe names), by author, in the order given.
 * None while the author_updates switch is off: the digest carries no updates then.
 */
async function mailableUpdates(
  fs: Firestore,
  stored: readonly (AuthorUpdate | null)[],
): Promise<Map<string, MailUpdate[]>> {
  if (stored.length === 0 || featurePosition(await readEarlyAccess(fs), 'author_updates') === 'off')
    return new Map();
  const updates = stored.flatMap((update) => (update && isUpdateMailable(update) ? [update] : []));
  const authors = [...new Set(updates.map((update) => update.user_id))];
  const profiles = new Map<string, { name: unknown; slug: string }>();
  for (const part of chunk(authors, 100))
    for (const snap of await fs.getAll(...part.map((uid) => fs.collection('profiles').doc(uid)))) {
      const slug = snap.get('page_slug');
      if (isOwnerPublic(ownerVisibilityOf(snap.data())) && typeof slug === 'string' && slug !== '')
        profiles.set(snap.id, { name: snap.get('display_name'), slug });
    }
  const byAuthor = new Map<string, MailUpdate[]>();
  for (const update of updates) {
    const author = profiles.get(update.user_id);
    if (!author) continue;
    const list = byAuthor.get(update.user_id) ?? [];
    list.push(mailUpdateOf(update, author));
    byAuthor.set(update.user_id, list);
  }
  return byAuthor;
}

/** Sends this week's digests (see the file comment). */
export async function sendWeeklyDigests(deps: AlertDeps, now = deps.now()): Promise<DigestOutcome> {
  const fs = deps.firestore;
  const week = isoWeekId(now);
  const byAuthor = await newBooksByAuthor(fs, now);
  const outcome: DigestOutcome = {
    week,
    books: [...byAuthor.values()].reduce((n, list) => n + list.fresh.length + list.backlist.length, 0),
    updates: [...byAuthor.values()].reduce((n, list) => n + list.updates.length, 0),
    followers: 0,
    sent: 0,
    skipped: 0,
    open: 0,
    suppressed: 0,
  };

  // Each follower with the follows that have something new: weekly follows of
  // authors with new books, and follows holding books the daily cap deferred.
  const followers = new Map<string, { follows: DigestFollow[] }>();
  const add = (
    id: string,
    follow: Follow,
    books: readonly AlertBook[],
    deferred: readonly string[],
    backlist: readonly AlertBook[] = [],
    updates: readonly MailUpdate[] = [],
    deferredUpdates: readonly string[] = [],
  ) => {
    const key = followerKey(follow);
    const entry = followers.get(key) ?? { follows: [] };
    entry.follows.push({ id, follow, books, deferred, backlist, updates, deferredUpdates });
    followers.set(key, entry);
  };
  // Weekly follows of authors with new books; every follow of authors with backlist books.
  const withBacklist = [...byAuthor].filter(([, b]) => b.backlist.length > 0).map(([uid]) => uid);
  const freshOnly = [...byAuthor].filter(([, b]) => b.backlist.length === 0).map(([uid]) => uid);
  for (const [authors, allModes] of [
    ...chunk(freshOnly, MAX_IN_VALUES).map((part) => [part, false] as const),
    ...chunk(withBacklist, MAX_IN_VALUES).map((part) => [part, true] as const),
  ]) {
    const base = fs.collection(FOLLOWS).where('author_uid', 'in', authors);
    const snaps = await (allModes ? base : base.where('mode', '==', 'weekly')).get();
    for (const snap of snaps.docs) {
      const parsed = followSchema.safeParse(toPlainData(snap.data()));
      if (!parsed.success) continue;
      const books = byAuthor.get(parsed.data.author_uid);
      // Instant followers had the new books and the updates by mail already: only the backlist is news to them.
      const weekly = parsed.data.mode === 'weekly';
      const fresh = weekly ? (books?.fresh ?? []) : [];
      const updates = weekly ? (books?.updates ?? []) : [];
      if (fresh.length > 0 || updates.length > 0 || (books?.backlist.length ?? 0) > 0)
        add(snap.id, parsed.data, fresh, [], books?.backlist ?? [], updates);
    }
  }
  for (const { id, follow, books, deferred, updates, deferredUpdates } of await deferredFollows(fs))
    if (books.length > 0 || (updates?.length ?? 0) > 0)
      add(id, follow, books, deferred, [], updates, deferredUpdates);
    else await clearDeferred(fs, id, deferred, deferredUpdates);
  // The 'follows' switch as it is now: off mails nobody, Premium members only them.
  const entries = [...followers.entries()];
  const allowed = entries.length > 0 ? await deps.audience(entries.map(([, f]) => f.follows[0]!.follow)) : [];
  entries.forEach(([key], i) => {
    if (allowed[i] !== true) followers.delete(key);
  });
  outcome.followers = followers.size;
  if (followers.size === 0) return outcome;

  const memberUids = [...followers.values()].flatMap(({ follows }) =>
    follows[0]?.follow.follower.kind === 'member' ? [follows[0].follow.follower.uid] : [],
  );
  const memberEmails = new Map<string, string>();
  for (const part of chunk(memberUids, 100))
    for (const [uid, email] of await deps.memberEmails(part)) memberEmails.set(uid, email);
  const brand = await deps.brand();

  await withConcurrency([...followers.entries()], CONCURRENCY, async ([key, { follows }]) => {
    const follower = follows[0]!.follow.follower;
    const to = follower.kind === 'email' ? follower.email : memberEmails.get(follower.uid);
    if (!to) {
      outcome.open += 1;
      return;
    }
    const digestId = `${key}_${week}`;
    const ref = fs.collection(FOLLOW_DIGESTS).doc(digestId);
    const claim = await claimDelivery(deps, ref, week);
    if (claim !== 'mine') {
      if (claim === 'sent') outcome.skipped += 1;
      else outcome.open += 1;
      return;
    }
    const byTitle = (list: readonly AlertBook[]) =>
      [...new Map(list.map((book) => [book.id, book])).values()].sort((a, b) =>
        a.title.localeCompare(b.title),
      );
    const books = byTitle(follows.flatMap((f) => f.books));
    const shown = new Set(books.map((book) => book.id));
    const backlist = byTitle(follows.flatMap((f) => f.backlist ?? [])).filter((book) => !shown.has(book.id));
    // An update both of the week (a weekly follow) and deferred (before the follow switched) is listed once.
    const updates = [
      ...new Map(follows.flatMap((f) => f.updates ?? []).map((update) => [update.id, update])).values(),
    ];
    await ref.set({ week, follow_ids: follows.map((f) => f.id) }, { merge: true });
    let sent;
    try {
      sent = await deps.sendMail({
        ...digestMail(brand, books, to, digestId, backlist, updates),
        batch: { kind: 'digest', id: week },
      });
    } catch (error) {
      await markFailed(ref, error);
      outcome.open += 1;
      return;
    }
    // A suppressed follower's digest is closed for the week like a sent one, and counted apart.
    const suppressed = sent === 'skipped-suppressed';
    await markSent(ref, deps.now(), suppressed ? { suppressed: true } : {});
    if (suppressed) outcome.suppressed += 1;
    else outcome.sent += 1;
    for (const { id, deferred, deferredUpdates = [] } of follows)
      if (deferred.length > 0 || deferredUpdates.length > 0)
        await clearDeferred(fs, id, deferred, deferredUpdates);
  });
  await countSends(fs, { kind: 'digest', id: week }, outcome);
  return outcome;
}

/** One follow a digest covers: the books it brings, and the deferred book and update ids among them to clear once sent. */
interface DigestFollow {
  id: string;
  follow: Follow;
  books: readonly AlertBook[];
  deferred: readonly string[];
  /** Backlist books of the followed author, listed under "Also new on …". */
  backlist?: readonly AlertBook[];
  /** The followed author's updates: of the period (weekly follows), or deferred by the daily cap. */
  updates?: readonly MailUpdate[];
  /** The update ids the daily cap deferred on this follow. */
  deferredUpdates?: readonly string[];
}

/**
 * The follows holding books or updates the daily cap deferred, each with
 * those of its books that are still public and those of its updates that may
 * still be mailed (isUpdateMailable, their author public).
 */
async function deferredFollows(fs: Firestore): Promise<DigestFollow[]> {
  const found = new Map<
    string,
    { id: string; follow: Follow; deferred: string[]; deferredUpdates: string[] }
  >();
  for (const field of ['deferred_book_ids', 'deferred_update_ids'] as const)
    for (const snap of (await fs.collection(FOLLOWS).where(field, '!=', null).get()).docs) {
      const parsed = followSchema.safeParse(toPlainData(snap.data()));
      if (!parsed.success) continue;
      const deferred = parsed.data.deferred_book_ids ?? [];
      const deferredUpdates = parsed.data.deferred_update_ids ?? [];
      if (deferred.length > 0 || deferredUpdates.length > 0)
        found.set(snap.id, { id: snap.id, follow: parsed.data, deferred, deferredUpdates });
    }
  const follows = [...found.values()];
  const ids = [...new Set(follows.flatMap((f) => f.deferred))];
  const books = new Map<string, Book>();
  for (const part of chunk(ids, 100)) {
    for (const snap of await fs.getAll(...part.map((id) => fs.collection('books').doc(id)))) {
      if (!snap.exists || snap.get('is_public') !== true) continue;
      const book = tryParseDoc(bookSchema, snap);
      if (book) books.set(book.id, book);
    }
  }
  const updateIds = [...new Set(follows.flatMap((f) => f.deferredUpdates))];
  const stored: (AuthorUpdate | null)[] = [];
  for (const part of chunk(updateIds, 100))
    for (const snap of await fs.getAll(...part.map((id) => fs.collection(AUTHOR_UPDATES).doc(id))))
      stored.push(snap.exists ? tryParseDoc(authorUpdateSchema, snap) : null);
  const updates = new Map(
    [...(await mailableUpdates(fs, stored)).values()].flat().map((update) => [update.id, update]),
  );
  const authorOfUpdate = new Map(stored.flatMap((update) => (update ? [[update.id, update.user_id]] : [])));
  return follows.map((f) => ({
    ...f,
    books: f.deferred.flatMap((id) => {
      const book = books.get(id);
      // A deferred book is always the followed author's; anything else is not mailed.
      return book && book.user_id === f.follow.author_uid ? [book] : [];
    }),
    updates: f.deferredUpdates.flatMap((id) => {
      const update = updates.get(id);
      // So is a deferred update.
      return update && authorOfUpdate.get(id) === f.follow.author_uid ? [update] : [];
    }),
  }));
}

/** Takes `done` and `doneUpdates` off the follow's deferred books and updates (those deferred meanwhile stay for the next digest). */
async function clearDeferred(
  fs: Firestore,
  followId: string,
  done: readonly string[],
  doneUpdates: readonly string[] = [],
): Promise<void> {
  const ref = fs.collection(FOLLOWS).doc(followId);
  await fs.runTransaction(async (tx) => {
    const snap = await tx.get(ref);
    if (!snap.exists) return;
    const left = (field: string, ids: readonly string[]) => {
      const stored: unknown = snap.get(field);
      const kept = Array.isArray(stored) ? stored.filter((id) => !ids.includes(id)) : [];
      return kept.length > 0 ? kept : FieldValue.delete();
    };
    const changes = {
      ...(done.length > 0 ? { deferred_book_ids: left('deferred_book_ids', done) } : {}),
      ...(doneUpdates.length > 0 ? { deferred_update_ids: left('deferred_update_ids', doneUpdates) } : {}),
    };
    if (Object.keys(changes).length > 0) tx.update(ref, changes);
  });
}
