// Authors' updates mailed to their followers, against the emulators: through the
// real trigger and task queue an update reaches each instant follower once
// (members and email followers), with RFC 8058 one-click unsubscribe and a signed
// switch to the weekly digest, never the weekly followers, and the author's
// analytics count it; the logic holds under a second release, a retried or
// duplicated batch, an update deleted or hidden before its mails are due and a
// follower who switched meanwhile; the switch link asks first, refuses the
// unfollow link's signature and POST switches; the weekly digest carries the
// week's updates to weekly followers only. Author mail cannot be turned against
// followers: posting, mailing and deleting in a loop mails no more than the plan
// allows; the alerts' daily cap holds for updates (the rest wait for the digest);
// names are mail-safe, and an update carrying a link is not mailed. Every test uses members and authors of
// its own, so nothing here empties the shared project.
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUnsubscribeLink, SWITCH_TO_DIGEST_LABEL } from '../../../functions/src/follows/alert-mail';
import { sendWeeklyDigests } from '../../../functions/src/follows/digest';
import {
  deliverUpdateBatch,
  releaseUpdate,
  type UpdateMailDeps,
} from '../../../functions/src/follows/update-mail';
import type { Mail } from '../../../functions/src/mail/send-mail';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import type { MemberAnalytics } from '../../../src/domain/members/member-stats';
import type { PostAuthorUpdateResponse } from '../../../src/domain/updates/author-update';
import { emailFollowId, memberFollowId } from '../../../src/domain/follows/follows';
import { adminDb, eventually, uniqueId } from '../helpers/emulator';
import { recordingMailDeps } from '../helpers/mail-deps';
import { profileData } from '../helpers/factories';
import { emailFollow, followersOf } from '../helpers/follows';
import { oneClickUnsubscribe, useMailbox, type CaughtMail } from '../helpers/mailbox';
import { callAs, makeMember } from '../helpers/profile-members';

const db = adminDb();
const mailbox = useMailbox();
const headersOf = (mail: CaughtMail) => (mail as unknown as { headers: Record<string, string> }).headers;

// The trigger releases only while the follows switch is on: the first test wants it on, the
// others off (they release and deliver themselves, and a trigger racing them would mail too).
const settings = db.doc('site_settings/main');
let earlier: unknown;
const setFollows = (position: 'everyone' | 'off') =>
  settings.set({ early_access: { follows: position } }, { merge: true });
beforeAll(async () => {
  earlier = (await settings.get()).get('early_access');
});
afterAll(async () => {
  const { FieldValue } = await import('firebase-admin/firestore');
  await settings.set({ early_access: earlier ?? FieldValue.delete() }, { merge: true });
});

describe('update mail through the trigger and the task queue', () => {
  beforeAll(() => setFollows('everyone'));
  it('each instant follower gets the update once, with one-click unsubscribe and the switch to the digest; weekly followers get no mail; the author sees the count', async () => {
    const author = await makeMember({ profile: { display_name: 'Una Update' } });
    const { member, weekly, visitor } = await followersOf(author);

    const title = `News ${uniqueId('u')}`;
    const posted = await callAs<PostAuthorUpdateResponse>('postAuthorUpdate', author, {
      title,
      body: 'The **sequel** is written.\n\nCover next <script>.',
    });
    expect(posted.error).toBeUndefined();
    const id = posted.result!.id;
    // The first post starts cold functions (the trigger, the queue's worker): slow on a busy two-core machine.
    const toMember = await mailbox.waitFor(member.email, title, 90_000);
    const toVisitor = await mailbox.waitFor(visitor, title, 30_000);
    expect(toMember.subject).toBe(`Una Update: ${title}`);
    expect(toMember.html).toContain('<strong>sequel</strong>');
    expect(toMember.html).toContain('&lt;script&gt;');
    expect(toMember.html).not.toContain('<script>');
    expect(toMember.text).toContain('The sequel is written.');
    expect(toMember.html).toContain(`#update-${id}`);
    for (const [mail, followId] of [
      [toMember, memberFollowId(author.uid, member.uid)],
      [toVisitor, emailFollowId(author.uid, emailHash(visitor))],
    ] as const) {
      expect(headersOf(mail)['list-unsubscribe']).toBe(`<${followUnsubscribeLink('follow', followId)}>`);
      expect(headersOf(mail)['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain(`${SWITCH_TO_DIGEST_LABEL}: ${followUnsubscribeLink('weekly', followId)}`);
    }
    const completed = await eventually(
      async () => (await db.doc(`update_mail/${id}`).get()).get('completed_at') as unknown,
      (value) => value instanceof Timestamp,
      60_000,
    );
    expect(completed).toBeInstanceOf(Timestamp);
    expect((await mailbox.mailsTo(weekly.email)).filter((mail) => mail.subject.includes(title))).toHaveLength(
      0,
    );
    for (const address of [member.email, visitor])
      expect((await mailbox.mailsTo(address)).filter((mail) => mail.subject.includes(title))).toHaveLength(1);

    const analytics = await callAs<MemberAnalytics>('memberAnalytics', author, {});
    expect(analytics.result?.updates).toEqual([
      expect.objectContaining({ id, title, state: 'sent', sent: 2, due_at: null }),
    ]);
    // Another member cannot read the author's figures.
    const other = await callAs<MemberAnalytics>('memberAnalytics', member, { userId: author.uid });
    expect(other.error?.status).toBe('PERMISSION_DENIED');
  }, 200_000);
});

/**
 * An update of a new public author with `count` instant email followers
 * (r0-…, r1-…) and one weekly one (w-…), written straight to Firestore; with the
 * follows switch off, the trigger leaves it to the test.
 */
async function updateWithFollowers(
  count: number,
  fields: Record<string, unknown> = {},
  profile: Record<string, unknown> = {},
) {
  const author = uniqueId('author');
  await db.doc(`profiles/${author}`).set(profileData(author, { display_name: 'Quill', ...profile }));
  const followIds: string[] = [];
  for (let i = 0; i < count; i++) followIds.push(await emailFollow(author, `r${i}-${author}@example.com`));
  const weeklyId = await emailFollow(author, `w-${author}@example.com`, 'weekly');
  const updateId = uniqueId('update');
  await db.doc(`author_updates/${updateId}`).set({
    user_id: author,
    author_slug: null,
    title: 'Quiet news',
    body: 'Some words.',
    book: null,
    moderation_hidden: false,
    created_at: Timestamp.now(),
    ...fields,
  });
  return { author, updateId, followIds, weeklyId };
}

/** Delivers every batch of the update with `deps`, as the queue would. */
async function deliverAll(deps: UpdateMailDeps, updateId: string) {
  const batches = await db.collection(`update_mail/${updateId}/batches`).get();
  for (const batch of batches.docs) await deliverUpdateBatch(deps, updateId, batch.id);
}

describe('exactly once', () => {
  beforeAll(() => setFollows('off'));
  it('a second release freezes nothing more; a batch delivered twice mails each instant follower once', async () => {
    const { updateId, followIds } = await updateWithFollowers(3);
    const { deps, mailed } = recordingMailDeps();
    const first = await releaseUpdate(deps, updateId);
    const second = await releaseUpdate(deps, updateId);
    expect(first).toEqual({ released: true, recipientCount: 3 });
    expect(second).toEqual({ released: false, recipientCount: 3 });
    const frozen = await db.collection(`update_mail/${updateId}/batches`).get();
    expect(frozen.docs.flatMap((doc) => doc.get('follow_ids') as string[]).sort()).toEqual(
      [...followIds].sort(),
    );
    // Two deliveries of every batch at once, as a duplicated task would run: the one that
    // finds deliveries the other holds throws, to be retried, and its retry mails nobody.
    await Promise.allSettled([deliverAll(deps, updateId), deliverAll(deps, updateId)]);
    await deliverAll(deps, updateId);
    const delivered = await db.collection(`update_mail/${updateId}/deliveries`).get();
    expect(delivered.docs.map((doc) => doc.get('status'))).toEqual(['sent', 'sent', 'sent']);
    expect(mailed).toHaveLength(3);
    expect(new Set(mailed.map((mail) => mail.to)).size).toBe(3);
  });

  it('a batch whose mail fails is retried for those left, mailing nobody twice', async () => {
    const { updateId } = await updateWithFollowers(4);
    const failing = recordingMailDeps({
      sendMail: async (mail) => {
        if (String(mail.to).startsWith('r2-')) throw new Error('SMTP 451');
        failing.mailed.push(mail);
      },
    });
    await releaseUpdate(failing.deps, updateId);
    await expect(deliverAll(failing.deps, updateId)).rejects.toThrow(
      /update .+ mail batch 0000: 1 followers still open/,
    );
    const retry = recordingMailDeps();
    await deliverAll(retry.deps, updateId);
    const delivered = await db.collection(`update_mail/${updateId}/deliveries`).get();
    expect(delivered.size).toBe(4);
    expect(delivered.docs.every((doc) => doc.get('status') === 'sent')).toBe(true);
    expect(failing.mailed).toHaveLength(3);
    expect(retry.mailed.map((mail) => String(mail.to).split('-')[0])).toEqual(['r2']);
  });
});

describe('what is mailed when its time comes', () => {
  beforeAll(() => setFollows('off'));
  it('an update deleted or hidden before its mails are due is mailed to nobody', async () => {
    for (const change of ['delete', 'hide'] as const) {
      const { updateId } = await updateWithFollowers(2);
      const { deps, mailed } = recordingMailDeps();
      await releaseUpdate(deps, updateId);
      if (change === 'delete') await db.doc(`author_updates/${updateId}`).delete();
      else await db.doc(`author_updates/${updateId}`).update({ moderation_hidden: true });
      await deliverAll(deps, updateId);
      expect(mailed, change).toHaveLength(0);
      const marker = await db.doc(`update_mail/${updateId}`).get();
      expect(marker.get('completed_at'), change).toBeInstanceOf(Timestamp);
    }
  });

  it('an update already hidden is not released; one whose author left is not mailed', async () => {
    const hidden = await updateWithFollowers(1, { moderation_hidden: true });
    const { deps, mailed } = recordingMailDeps();
    expect(await releaseUpdate(deps, hidden.updateId)).toEqual({ released: false, recipientCount: 0 });
    const gone = await updateWithFollowers(1);
    await releaseUpdate(deps, gone.updateId);
    await db.doc(`profiles/${gone.author}`).update({ is_active: false });
    await deliverAll(deps, gone.updateId);
    expect(mailed).toHaveLength(0);
  });

  it('a follower who switched to the weekly digest since the release is dropped; a batch not yet due is queued again', async () => {
    const { author, updateId, followIds } = await updateWithFollowers(2);
    const early = recordingMailDeps({ delayMs: 3_600_000 });
    await releaseUpdate(early.deps, updateId);
    await deliverAll(early.deps, updateId);
    expect(early.mailed).toHaveLength(0);
    expect(early.queued).toContain('0000');

    await db.doc(`follows/${followIds[0]}`).update({ mode: 'weekly' });
    const { deps, mailed } = recordingMailDeps();
    await deliverAll(deps, updateId);
    expect(mailed.map((mail) => mail.to)).toEqual([`r1-${author}@example.com`]);
  });
});

describe('the switch to the weekly digest', () => {
  beforeAll(() => setFollows('off'));
  it('asks first, refuses the unfollow link’s signature, and POST switches the follow', async () => {
    const { followIds } = await updateWithFollowers(1);
    const followId = followIds[0]!;
    const link = followUnsubscribeLink('weekly', followId);
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Get a weekly digest instead?');
    expect((await db.doc(`follows/${followId}`).get()).get('mode')).toBe('instant');

    const forged = new URL(link);
    forged.searchParams.set('s', new URL(followUnsubscribeLink('follow', followId)).searchParams.get('s')!);
    expect((await oneClickUnsubscribe(forged)).status).toBe(400);
    expect((await db.doc(`follows/${followId}`).get()).get('mode')).toBe('instant');

    const done = await oneClickUnsubscribe(link);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You will get a weekly digest');
    const follow = await db.doc(`follows/${followId}`).get();
    expect(follow.exists).toBe(true);
    expect(follow.get('mode')).toBe('weekly');
  });
});

describe('the weekly digest', () => {
  beforeAll(() => setFollows('off'));
  it('carries the week’s updates to weekly followers, shortened, and not to instant ones', async () => {
    const { author, updateId } = await updateWithFollowers(1, {
      title: 'Digest news',
      body: `${'Long words here. '.repeat(40)}`,
    });
    const { deps, mailed } = recordingMailDeps();
    // A run a day later, over the week that holds the update.
    await sendWeeklyDigests(deps, new Date(Date.now() + 24 * 3600 * 1000));
    const mine = mailed.filter((mail) => String(mail.to).endsWith(`${author}@example.com`));
    expect(mine.map((mail) => mail.to)).toEqual([`w-${author}@example.com`]);
    const digest = mine[0]!;
    expect(digest.subject).toBe("This week's updates from authors you follow on Shelfmark");
    expect(digest.text).toContain('Updates from authors you follow:');
    expect(digest.text).toContain(`Digest news, from Quill: `);
    expect(digest.html).toContain(`#update-${updateId}`);
    expect(digest.text).toContain('…');
  });

  it('carries no updates while the author_updates switch is off', async () => {
    const { FieldValue } = await import('firebase-admin/firestore');
    const { author } = await updateWithFollowers(1, { title: 'Switched off news', body: 'Nothing to see.' });
    await settings.set({ early_access: { author_updates: 'off' } }, { merge: true });
    try {
      const { deps, mailed } = recordingMailDeps();
      await sendWeeklyDigests(deps, new Date(Date.now() + 24 * 3600 * 1000));
      expect(mailed.filter((mail) => String(mail.to).endsWith(`${author}@example.com`))).toEqual([]);
    } finally {
      await settings.set({ early_access: { author_updates: FieldValue.delete() } }, { merge: true });
    }
  });
});

describe('author mail cannot be turned against followers', () => {
  beforeAll(() => setFollows('off'));

  it('posting, letting the mail go and deleting, six times, mails a follower only as often as the Free plan allows (4)', async () => {
    const author = await makeMember({ profile: { display_name: 'Loop Author' } });
    const email = `${uniqueId('loop')}@example.com`;
    await emailFollow(author.uid, email);
    const mailed: Mail[] = [];
    const posted: string[] = [];
    for (let round = 0; round < 6; round++) {
      const answer = await callAs<PostAuthorUpdateResponse>('postAuthorUpdate', author, {
        title: `Flash sale ${round}`,
        body: 'Today only.',
      });
      if (!answer.result) {
        expect(answer.error?.status).toBe('RESOURCE_EXHAUSTED');
        continue;
      }
      posted.push(answer.result.id);
      // A day apart, so the daily cap lets each through: what is left is the plan's allowance.
      const { deps } = recordingMailDeps({
        now: () => new Date(Date.now() + round * 25 * 3600 * 1000),
        sendMail: async (mail) => void mailed.push(mail),
      });
      await releaseUpdate(deps, answer.result.id);
      await deliverAll(deps, answer.result.id);
      expect((await callAs('deleteAuthorUpdate', author, { id: answer.result.id })).error).toBeUndefined();
    }
    expect(posted).toHaveLength(4);
    expect(mailed.map((mail) => mail.to)).toEqual([email, email, email, email]);
  });

  it('one mail per author per follower a day: a second update that day, or one after a book alert, waits for the digest', async () => {
    const { author, updateId, followIds } = await updateWithFollowers(2, { title: 'First news' });
    const { deps, mailed } = recordingMailDeps();
    await releaseUpdate(deps, updateId);
    await deliverAll(deps, updateId);
    expect(mailed).toHaveLength(2);
    // The second follower had a book alert of the author an hour ago.
    await db.doc(`follows/${followIds[1]}`).update({
      last_alert: { at: Timestamp.fromMillis(Date.now() - 3600_000), book_id: 'another-book' },
    });
    const second = uniqueId('update');
    await db.doc(`author_updates/${second}`).set({
      user_id: author,
      author_slug: null,
      title: 'Second news',
      body: 'More words.',
      book: null,
      moderation_hidden: false,
      created_at: Timestamp.now(),
    });
    const again = recordingMailDeps();
    await releaseUpdate(again.deps, second);
    const outcome = await deliverUpdateBatch(again.deps, second, '0000');
    expect(again.mailed).toHaveLength(0);
    expect(outcome).toMatchObject({ sent: 0, deferred: 2 });
    const deliveries = await db.collection(`update_mail/${second}/deliveries`).get();
    expect(deliveries.docs.map((doc) => doc.get('deferred'))).toEqual([true, true]);
    for (const id of followIds)
      expect((await db.doc(`follows/${id}`).get()).get('deferred_update_ids')).toEqual([second]);

    // The digest carries it to both (instant followers, who got no mail of it), and empties the list.
    const { deps: digestDeps, mailed: digests } = recordingMailDeps();
    await sendWeeklyDigests(digestDeps, new Date(Date.now() + 24 * 3600 * 1000));
    const mine = digests.filter((mail) => /^r\d-/.test(String(mail.to)) && String(mail.to).includes(author));
    expect(mine.map((mail) => String(mail.to).split('-')[0]).sort()).toEqual(['r0', 'r1']);
    for (const mail of mine) {
      expect(mail.text).toContain('Second news, from Quill: ');
      expect(mail.text).not.toContain('First news');
    }
    for (const id of followIds)
      expect((await db.doc(`follows/${id}`).get()).get('deferred_update_ids')).toBeUndefined();
  });

  it('an update the cap deferred is not counted as emailed on the author’s account page', async () => {
    const author = await makeMember({ profile: { display_name: 'Capped Author' } });
    const followId = await emailFollow(author.uid, `${uniqueId('capped')}@example.com`);
    await db.doc(`follows/${followId}`).update({
      last_alert: { at: Timestamp.fromMillis(Date.now() - 3600_000), book_id: 'a-book' },
    });
    const posted = await callAs<PostAuthorUpdateResponse>('postAuthorUpdate', author, {
      title: 'Capped news',
      body: 'Words.',
    });
    const { deps, mailed } = recordingMailDeps();
    await releaseUpdate(deps, posted.result!.id);
    await deliverAll(deps, posted.result!.id);
    expect(mailed).toHaveLength(0);
    const analytics = await callAs<MemberAnalytics>('memberAnalytics', author, {});
    expect(analytics.result?.updates).toEqual([
      expect.objectContaining({ id: posted.result!.id, state: 'sent', sent: 0 }),
    ]);
  });

  it('names in an update mail are mail-safe: an author name or book title with a link never reaches the mail', async () => {
    const book = uniqueId('book');
    const { updateId } = await updateWithFollowers(
      1,
      { title: 'Plain news', book: { id: book, title: 'Claim a prize at www.evil.example' } },
      { display_name: 'Visit http://evil.example now' },
    );
    const { deps, mailed } = recordingMailDeps();
    await releaseUpdate(deps, updateId);
    await deliverAll(deps, updateId);
    expect(mailed).toHaveLength(1);
    const mail = mailed[0]!;
    expect(mail.subject).toBe('An author you follow: Plain news');
    for (const part of [mail.subject, mail.text, mail.html]) {
      expect(part).not.toContain('evil.example');
    }
    expect(mail.text).toContain('About: one of their books: ');
  });

  it('an update stored with a link (before the rule) is mailed to nobody, nor put in a digest', async () => {
    const { author, updateId } = await updateWithFollowers(1, {
      title: 'Win big',
      body: 'Claim it at https://evil.example/prize or prizes@evil.example',
    });
    const { deps, mailed } = recordingMailDeps();
    expect(await releaseUpdate(deps, updateId)).toEqual({ released: false, recipientCount: 0 });
    expect(mailed).toHaveLength(0);
    const digests: Mail[] = [];
    await sendWeeklyDigests(
      { ...deps, enqueueBatch: async () => {}, sendMail: async (mail) => void digests.push(mail) },
      new Date(Date.now() + 24 * 3600 * 1000),
    );
    expect(digests.filter((mail) => String(mail.to).includes(author))).toHaveLength(0);
  });
});
