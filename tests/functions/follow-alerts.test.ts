// New-book alerts and the weekly digest against the emulators: the real
// triggers and task queue mail each instant follower exactly once (members and
// email followers), never again when the book is hidden and shown; the logic
// holds under a retried task and concurrent releases; the signed unsubscribe
// link asks first, refuses another follow's signature and one-click POST
// unfollows; the digest goes once a week per follower, none when nothing is new.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { followUnsubscribeLink } from '../../functions/src/follows/alert-mail';
import { sendWeeklyDigests } from '../../functions/src/follows/digest';
import { deliverAlertBatch, releaseBook, type AlertDeps } from '../../functions/src/follows/release-alerts';
import type { Mail } from '../../functions/src/mail/send-mail';
import { defaultBrand } from '../../functions/src/mail/templates';
import { emailHash } from '../../src/data/server/email-hash';
import { emailFollowId, isoWeekId, memberFollowId } from '../../src/domain/follows';
import { adminDb, afterSentinel, clearFirestore, eventually, retryLostRace, uniqueId } from './emulator';
import { bookData } from './factories';
import { useMailbox, type CaughtMail } from './mailbox';
import { callAs, makeMember } from './profile-members';

process.env.NEWSLETTER_SIGNING_SECRET ??= 'demo-only-newsletter-signing-secret';

const mailbox = useMailbox();
beforeAll(() => {
  adminDb();
});
beforeEach(async () => {
  await clearFirestore();
});

const headersOf = (mail: CaughtMail) => (mail as unknown as { headers: Record<string, string> }).headers;

async function emailFollow(authorUid: string, email: string, mode: 'instant' | 'weekly' = 'instant') {
  const id = emailFollowId(authorUid, emailHash(email));
  await adminDb()
    .doc(`follows/${id}`)
    .set({
      author_uid: authorUid,
      follower: { kind: 'email', email },
      mode,
      created_at: Timestamp.now(),
    });
  return id;
}

describe('new-book alerts through the triggers and the task queue', () => {
  it('each instant follower gets one alert; hiding and showing the book again sends nothing more', async () => {
    const author = await makeMember();
    const member = await makeMember();
    const weekly = await makeMember();
    expect(
      (await callAs('updateFollow', member, { authorUid: author.uid, follow: true })).error,
    ).toBeUndefined();
    await callAs('updateFollow', weekly, { authorUid: author.uid, follow: true, mode: 'weekly' });
    const visitor = `${uniqueId('fan')}@example.com`;
    await emailFollow(author.uid, visitor);

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
    // The sentinel: a second book's alert arrives after the re-shown book's events were handled.
    const next = `Release ${uniqueId('b')}`;
    await afterSentinel(
      () =>
        adminDb()
          .collection('books')
          .add(bookData(author.uid, { title: next })),
      () => mailbox.mailsTo(member.email),
      (mails) => mails.some((mail) => mail.subject.includes(next)),
      60_000,
    );
    for (const address of [member.email, visitor])
      expect((await mailbox.mailsTo(address)).filter((mail) => mail.subject.includes(title))).toHaveLength(1);
    expect((await mailbox.mailsTo(weekly.email)).filter((mail) => mail.subject.includes(title))).toHaveLength(
      0,
    );
  }, 200_000);
});

/** Deps that record mails and queued batches instead of sending them. */
function fakeDeps(overrides: Partial<AlertDeps> = {}) {
  const mailed: Mail[] = [];
  const queued: string[] = [];
  const deps: AlertDeps = {
    firestore: adminDb(),
    sendMail: async (mail) => void mailed.push(mail),
    enqueueBatch: async (_book, batch) => void queued.push(batch),
    memberEmails: async (uids) => new Map(uids.map((uid) => [uid, `${uid}@example.com`])),
    brand: async () => defaultBrand(),
    now: () => new Date(),
    ...overrides,
  };
  return { deps, mailed, queued };
}

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
  it('a batch that dies midway is retried without mailing anyone twice; a late duplicate task does nothing', async () => {
    const { bookId } = await bookWithFollowers(30);
    let crashAfter = 12;
    const { deps, mailed, queued } = fakeDeps();
    const dying: AlertDeps = {
      ...deps,
      sendMail: async (mail) => {
        if (crashAfter-- <= 0) throw new Error('SMTP connection lost');
        await deps.sendMail(mail);
      },
    };
    expect(await releaseBook(dying, bookId)).toEqual({ released: true, recipientCount: 30 });
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
    const { deps, mailed, queued } = fakeDeps();
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
    const { deps, mailed } = fakeDeps();
    await releaseBook(deps, bookId);
    await adminDb().doc(`follows/${followIds[0]}`).delete();
    await adminDb().doc(`follows/${followIds[1]}`).update({ mode: 'weekly' });
    expect(await deliverAlertBatch(deps, bookId, '0000')).toMatchObject({ sent: 1, dropped: 2 });
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

    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
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

    const { deps, mailed } = fakeDeps({ now: () => now });
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
