// New-book alerts and the weekly digest against the emulators: the real
// triggers and task queue mail each instant follower exactly once (members and
// email followers), never again when the book is hidden and shown; the logic
// holds under a retried task and concurrent releases; the signed unsubscribe
// link asks first, refuses another follow's signature and one-click POST
// unfollows; the digest goes once a week per follower, none when nothing is new.
import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { followUnsubscribeLink } from '../../../functions/src/follows/alert-mail';
import { alertAudience } from '../../../functions/src/follows/audience';
import { sendWeeklyDigests } from '../../../functions/src/follows/digest';
import {
  deliverAlertBatch,
  releaseBook,
  type AlertDeps,
} from '../../../functions/src/follows/release-alerts';
import { sendMail } from '../../../functions/src/mail/send-mail';
import { applyDeliveryEvent } from '../../../functions/src/mail/suppressions';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { ALERT_CAP_MS, emailFollowId, isoWeekId, memberFollowId } from '../../../src/domain/follows/follows';
import { adminDb, eventually, retryLostRace, uniqueId } from '../helpers/emulator';
import { recordingMailDeps } from '../helpers/mail-deps';
import { bookData } from '../helpers/factories';
import { emailFollow, followersOf } from '../helpers/follows';
import { oneClickUnsubscribe, useMailboxTests, type CaughtMail } from '../helpers/mailbox';
import { makeMember } from '../helpers/profile-members';

const mailbox = useMailboxTests();

const headersOf = (mail: CaughtMail) => (mail as unknown as { headers: Record<string, string> }).headers;

describe('new-book alerts through the triggers and the task queue', () => {
  it('each instant follower gets one alert; hiding and showing the book again sends nothing more; the next book that day waits for the digest', async () => {
    const author = await makeMember();
    const { member, weekly, visitor } = await followersOf(author);

    const title = `Release ${uniqueId('b')}`;
    const book = await adminDb()
      .collection('books')
      .add(
        bookData(author.uid, {
          title,
          description: 'A <b>bold</b> story.',
          author: { display_name: 'Ann Author' },
        }),
      );
    // The first release starts cold functions (the trigger, the queue's worker): slow on a busy two-core machine.
    const toMember = await mailbox.waitFor(member.email, title, 90_000);
    const toVisitor = await mailbox.waitFor(visitor, title, 30_000);
    expect(toMember.html).toContain('A &lt;b&gt;bold&lt;/b&gt; story.');
    expect(toMember.html).toContain(`/book/${book.id}`);
    for (const mail of [toMember, toVisitor]) {
      expect(headersOf(mail)['list-unsubscribe']).toMatch(
        /^<http:\/\/.+followUnsubscribe\?k=follow&id=.+&s=.+>$/,
      );
      expect(headersOf(mail)['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }
    expect((toVisitor as unknown as { from: { name: string }[] }).from[0]?.name).toBe('Shelfmark');

    await book.update({ is_active: false });
    await eventually(
      async () => (await book.get()).get('is_public'),
      (v) => v === false,
    );
    await book.update({ is_active: true });
    // The sentinel: a second book of the author, released after the re-shown book's
    // events were handled, is deferred by the daily cap to each follower's digest.
    const nextTitle = `Release ${uniqueId('b')}`;
    const next = await adminDb()
      .collection('books')
      .add(bookData(author.uid, { title: nextTitle }));
    const memberFollow = adminDb().doc(`follows/${memberFollowId(author.uid, member.uid)}`);
    const visitorFollow = adminDb().doc(`follows/${emailFollowId(author.uid, emailHash(visitor))}`);
    await eventually(
      async () => [
        (await memberFollow.get()).get('deferred_book_ids'),
        (await visitorFollow.get()).get('deferred_book_ids'),
      ],
      (lists) => lists.every((list) => Array.isArray(list) && list.includes(next.id)),
      60_000,
    );
    // The batch defers each follower first and marks the release complete after, in a
    // transaction of its own: wait for that too, rather than read between the two.
    const completed = await eventually(
      async () => (await adminDb().doc(`book_alerts/${next.id}`).get()).get('completed_at') as unknown,
      (value) => value instanceof Timestamp,
    );
    expect(completed).toBeInstanceOf(Timestamp);
    for (const address of [member.email, visitor])
      for (const [about, count] of [
        [title, 1],
        [nextTitle, 0],
      ] as const)
        expect((await mailbox.mailsTo(address)).filter((mail) => mail.subject.includes(about))).toHaveLength(
          count,
        );
    expect((await mailbox.mailsTo(weekly.email)).filter((mail) => mail.subject.includes(title))).toHaveLength(
      0,
    );
  }, 200_000);
});

/** A public book of `author` with `count` instant email followers; the follows switch is off, so only the test releases it. */
async function bookWithFollowers(count: number) {
  const db = adminDb();
  await db.doc('site_settings/main').set({ early_access: { follows: 'off' } });
  const author = uniqueId('author');
  const followIds: string[] = [];
  for (let i = 0; i < count; i++) followIds.push(await emailFollow(author, `r${i}-${author}@example.com`));
  const bookId = uniqueId('book');
  await db.doc(`books/${bookId}`).set(
    bookData(author, {
      title: 'Quiet Release',
      is_public: true,
      owner_public: true,
      author: { display_name: 'Q' },
    }),
  );
  return { author, bookId, followIds };
}

describe('exactly once', () => {
  // The engine's own exactly-once tests are in mail-batches.test.ts; this one checks that a
  // follower whose alert failed after the daily cap let it through is alerted on the retry.
  it('a batch that dies midway is retried without mailing anyone twice, the daily cap letting the retry through', async () => {
    const { bookId } = await bookWithFollowers(30);
    let crashAfter = 12;
    const { deps, mailed, queued } = recordingMailDeps();
    const dying: AlertDeps = {
      ...deps,
      sendMail: async (mail) => {
        if (crashAfter-- <= 0) throw new Error('SMTP connection lost');
        await deps.sendMail(mail);
      },
    };
    expect(await releaseBook(dying, bookId)).toEqual({ released: true, recipientCount: 30, kind: 'new' });
    expect(queued).toEqual(['0000']);
    await expect(deliverAlertBatch(dying, bookId, '0000')).rejects.toThrow(/18 followers still open/);
    expect(mailed).toHaveLength(12);
    crashAfter = Infinity;
    expect(await deliverAlertBatch(dying, bookId, '0000')).toMatchObject({ sent: 18, skipped: 12, open: 0 });
    expect(await deliverAlertBatch(dying, bookId, '0000')).toMatchObject({ sent: 0, skipped: 0 });
    expect(new Set(mailed.map((m) => m.to)).size).toBe(30);
    expect(mailed).toHaveLength(30);
    expect((await adminDb().doc(`book_alerts/${bookId}`).get()).get('completed_at')).toBeInstanceOf(
      Timestamp,
    );
  });

  it('two concurrent releases release once; hidden and shown again, the book is not released again', async () => {
    const { bookId } = await bookWithFollowers(3);
    const { deps, mailed, queued } = recordingMailDeps();
    const release = () => retryLostRace(() => releaseBook(deps, bookId));
    const results = await Promise.all([release(), release()]);
    expect(results.filter((r) => r.released)).toHaveLength(1);
    for (const batch of new Set(queued)) await deliverAlertBatch(deps, bookId, batch);
    for (const batch of queued) await deliverAlertBatch(deps, bookId, batch);
    expect(mailed).toHaveLength(3);

    const book = adminDb().doc(`books/${bookId}`);
    await book.update({ is_active: false, is_public: false });
    await book.update({ is_active: true, is_public: true });
    expect(await releaseBook(deps, bookId)).toEqual({ released: false, recipientCount: 3 });
    expect(mailed).toHaveLength(3);
  });

  it('a follower who unfollowed or switched to weekly before the batch ran is not mailed', async () => {
    const { bookId, followIds } = await bookWithFollowers(3);
    const { deps, mailed } = recordingMailDeps();
    await releaseBook(deps, bookId);
    await adminDb().doc(`follows/${followIds[0]}`).delete();
    await adminDb().doc(`follows/${followIds[1]}`).update({ mode: 'weekly' });
    expect(await deliverAlertBatch(deps, bookId, '0000')).toMatchObject({ sent: 1, dropped: 2 });
    expect(mailed).toHaveLength(1);
  });
});

/** Another public book of `author`, as the triggers would leave it. */
async function anotherBook(author: string, title: string) {
  const id = uniqueId('book');
  await adminDb()
    .doc(`books/${id}`)
    .set(bookData(author, { title, is_public: true, owner_public: true, author: { display_name: 'Q' } }));
  return id;
}

describe('the digest and the suppression list', () => {
  it('skips a follower whose address complained, counts them as suppressed, and mails the others', async () => {
    process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';
    process.env.SMTP_URL ??= 'smtp://127.0.0.1:1025';
    const { author, bookId } = await bookWithFollowers(2);
    let now = new Date('2026-11-23T09:00:00Z');
    const { deps } = recordingMailDeps({
      now: () => now,
      sendMail: (mail) => sendMail(mail, { stream: 'bulk', record: false }),
    });
    await releaseBook(deps, bookId);
    expect(await deliverAlertBatch(deps, bookId, '0000')).toMatchObject({ sent: 2 });
    // A second book that day waits for the digest; then the first follower marks the alert as spam.
    const next = await anotherBook(author, 'Spam Season');
    now = new Date(now.getTime() + 60 * 60_000);
    await releaseBook(deps, next);
    await deliverAlertBatch(deps, next, '0000');
    await applyDeliveryEvent(adminDb(), 'test', {
      id: uniqueId('evt'),
      kind: 'complaint',
      address: `r0-${author}@example.com`,
      at: now.getTime(),
      batch: null,
    });
    now = new Date(now.getTime() + 60 * 60_000);
    expect(await sendWeeklyDigests(deps)).toMatchObject({ followers: 2, sent: 1, suppressed: 1 });
    // A rerun mails nobody again.
    expect(await sendWeeklyDigests(deps)).toMatchObject({ sent: 0, suppressed: 0 });
    // The alert and the digest reached the other follower; only the alert reached the first.
    await eventually(
      () => mailbox.mailsTo(`r1-${author}@example.com`),
      (mails) => mails.length === 2,
    );
    expect(await mailbox.mailsTo(`r0-${author}@example.com`)).toHaveLength(1);
  });
});

describe('authors cannot flood their followers', () => {
  it('mails one alert per author per follower a day; the next books go into the next digest, once', async () => {
    const { author, bookId, followIds } = await bookWithFollowers(2);
    let now = new Date('2026-11-23T09:00:00Z');
    const { deps, mailed } = recordingMailDeps({ now: () => now });
    await releaseBook(deps, bookId);
    expect(await deliverAlertBatch(deps, bookId, '0000')).toMatchObject({ sent: 2, deferred: 0 });

    // Two more books within the day: no mail now, each kept on the follow.
    const loop = [await anotherBook(author, 'Loop One'), await anotherBook(author, 'Loop Two')];
    for (const id of loop) {
      now = new Date(now.getTime() + 60 * 60_000);
      await releaseBook(deps, id);
      expect(await deliverAlertBatch(deps, id, '0000')).toMatchObject({ sent: 0, deferred: 2 });
      // A duplicate task defers nothing twice.
      expect(await deliverAlertBatch(deps, id, '0000')).toMatchObject({ sent: 0, deferred: 0 });
    }
    expect(mailed).toHaveLength(2);
    for (const id of followIds)
      expect((await adminDb().doc(`follows/${id}`).get()).get('deferred_book_ids')).toEqual(loop);

    // The digest mails them to each follower once, and empties the follows' lists.
    now = new Date(now.getTime() + 60 * 60_000);
    expect(await sendWeeklyDigests(deps)).toMatchObject({ followers: 2, sent: 2 });
    const digests = mailed.slice(2);
    expect(digests.map((mail) => mail.to).sort()).toEqual(
      followIds.map((_, i) => `r${i}-${author}@example.com`),
    );
    for (const mail of digests) {
      expect(mail.text).toContain('Loop One');
      expect(mail.text).toContain('Loop Two');
      expect(mail.text).not.toContain('Quiet Release');
    }
    for (const id of followIds)
      expect((await adminDb().doc(`follows/${id}`).get()).get('deferred_book_ids')).toBeUndefined();

    // A day after the last alert, the next book alerts again.
    now = new Date(new Date('2026-11-23T09:00:00Z').getTime() + ALERT_CAP_MS);
    const tomorrow = await anotherBook(author, 'Next Day');
    await releaseBook(deps, tomorrow);
    expect(await deliverAlertBatch(deps, tomorrow, '0000')).toMatchObject({ sent: 2, deferred: 0 });
  });

  it('sends nothing until the delay has passed, and nothing at all for a book deleted by then', async () => {
    const { author, bookId } = await bookWithFollowers(2);
    const kept = await anotherBook(author, 'Kept');
    const released = new Date('2026-11-23T09:00:00Z');
    let now = released;
    const slept: number[] = [];
    const { deps, mailed, queued } = recordingMailDeps({
      now: () => now,
      delayMs: 60 * 60_000,
      sleep: async (ms) => {
        slept.push(ms);
        now = new Date(now.getTime() + ms);
      },
    });
    await releaseBook(deps, bookId);
    await releaseBook(deps, kept);
    expect(queued).toEqual(['0000', '0000']);

    // A task that arrives early is queued again for its time and mails nobody.
    now = new Date(released.getTime() + 10 * 60_000);
    expect(await deliverAlertBatch(deps, bookId, '0000')).toMatchObject({ sent: 0 });
    expect(queued).toHaveLength(3);

    // Deleted within the hour: when its time comes, nobody is mailed and the release is complete.
    await adminDb().doc(`books/${bookId}`).delete();
    now = new Date(released.getTime() + 60 * 60_000 - 20_000);
    expect(await deliverAlertBatch(deps, bookId, '0000')).toMatchObject({ sent: 0, open: 0 });
    expect(slept).toEqual([20_000]);
    expect((await adminDb().doc(`book_alerts/${bookId}`).get()).get('completed_at')).toBeInstanceOf(
      Timestamp,
    );
    expect(mailed).toHaveLength(0);

    // The book that stayed is announced once its hour has passed.
    expect(await deliverAlertBatch(deps, kept, '0000')).toMatchObject({ sent: 2 });
    expect(mailed.map((mail) => mail.subject).every((subject) => subject.includes('Kept'))).toBe(true);
  });
});

describe('the follows switch', () => {
  it('decides who is mailed when the alerts go out: on Premium members only them, off nobody', async () => {
    const db = adminDb();
    const { author, bookId } = await bookWithFollowers(1);
    const [premium, free] = [uniqueId('premium'), uniqueId('free')];
    for (const uid of [premium, free])
      await db.doc(`follows/${memberFollowId(author, uid)}`).set({
        author_uid: author,
        follower: { kind: 'member', uid },
        mode: 'instant',
        created_at: Timestamp.now(),
      });
    await db.doc(`profiles/${premium}/private/billing`).set({ grant: { by: 'an-admin', at: Date.now() } });
    await db.doc('site_settings/main').set({ early_access: { follows: 'premium' } });
    const { deps, mailed } = recordingMailDeps({ audience: alertAudience(db) });
    await releaseBook(deps, bookId);
    // The email follower and the free member are left out.
    expect(await deliverAlertBatch(deps, bookId, '0000')).toMatchObject({ sent: 1, dropped: 2 });
    expect(mailed.map((mail) => mail.to)).toEqual([`${premium}@example.com`]);

    // Switched off after a release: its mails go to nobody, and no digest either.
    const later = await anotherBook(author, 'Later');
    await releaseBook(deps, later);
    await db.doc('site_settings/main').set({ early_access: { follows: 'off' } });
    expect(await deliverAlertBatch(deps, later, '0000')).toMatchObject({ sent: 0, dropped: 3 });
    await db.doc(`follows/${memberFollowId(author, premium)}`).update({ mode: 'weekly' });
    expect(await sendWeeklyDigests(deps)).toMatchObject({ followers: 0, sent: 0 });
    expect(mailed).toHaveLength(1);
  });
});

describe('the unsubscribe link', () => {
  it('GET asks and changes nothing; another follow’s signature is refused; the one-click POST unfollows', async () => {
    const author = uniqueId('author');
    const mine = await emailFollow(author, 'me@example.com');
    const theirs = await emailFollow(author, 'them@example.com');
    const link = new URL(followUnsubscribeLink('follow', mine));

    const scanner = await fetch(link);
    expect(scanner.status).toBe(200);
    expect(await scanner.text()).toContain('<form method="post">');
    expect((await adminDb().doc(`follows/${mine}`).get()).exists).toBe(true);

    const forged = new URL(link);
    forged.searchParams.set('id', theirs);
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);
    const otherKind = new URL(link);
    otherKind.searchParams.set('k', 'digest');
    expect((await fetch(otherKind, { method: 'POST' })).status).toBe(400);
    expect((await adminDb().doc(`follows/${theirs}`).get()).exists).toBe(true);

    const oneClick = await oneClickUnsubscribe(link);
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('You have unfollowed');
    expect((await adminDb().doc(`follows/${mine}`).get()).exists).toBe(false);
    expect((await adminDb().doc(`follows/${theirs}`).get()).exists).toBe(true);
  });
});

describe('the weekly digest', () => {
  it('gathers the week’s new books of everyone a follower follows into one mail, once a week; none when nothing is new', async () => {
    const db = adminDb();
    await db.doc('site_settings/main').set({ early_access: { follows: 'off' } });
    const now = new Date();
    const [ann, bob, quiet] = [uniqueId('ann'), uniqueId('bob'), uniqueId('quiet')];
    const release = async (author: string, title: string, daysAgo: number) => {
      const id = uniqueId('book');
      await db.doc(`books/${id}`).set(bookData(author, { title, is_public: true, owner_public: true }));
      await db.doc(`book_alerts/${id}`).set({
        author_uid: author,
        released_at: Timestamp.fromMillis(now.getTime() - daysAgo * 86_400_000),
      });
    };
    await release(ann, 'Ann New', 2);
    await release(bob, 'Bob New', 5);
    await release(ann, 'Ann Old', 12);
    await release(quiet, 'Quiet Old', 20);
    const reader = 'reader-uid';
    for (const author of [ann, bob])
      await db.doc(`follows/${memberFollowId(author, reader)}`).set({
        author_uid: author,
        follower: { kind: 'member', uid: reader },
        mode: 'weekly',
        created_at: Timestamp.now(),
      });
    await emailFollow(bob, 'fan@example.com', 'weekly');
    await emailFollow(ann, 'instant@example.com', 'instant');
    await emailFollow(quiet, 'nothing-new@example.com', 'weekly');

    const { deps, mailed } = recordingMailDeps({ now: () => now });
    const first = await sendWeeklyDigests(deps);
    expect(first).toMatchObject({ week: isoWeekId(now), books: 2, followers: 2, sent: 2 });
    const toReader = mailed.find((m) => m.to === `${reader}@example.com`);
    expect(toReader?.text).toContain('Ann New');
    expect(toReader?.text).toContain('Bob New');
    expect(toReader?.text).not.toContain('Ann Old');
    expect(toReader?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mailed.map((m) => m.to).sort()).toEqual(['fan@example.com', `${reader}@example.com`]);

    // Run again the same week (a retry): nobody is mailed twice.
    expect(await sendWeeklyDigests(deps)).toMatchObject({ sent: 0, skipped: 2 });
    expect(mailed).toHaveLength(2);

    // The digest's link unfollows the follows it covered.
    const link = toReader?.headers?.['List-Unsubscribe']?.slice(1, -1) ?? '';
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    expect((await db.collection('follows').where('follower.uid', '==', reader).get()).size).toBe(0);
  });
});
