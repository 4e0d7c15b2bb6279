// postAuthorUpdate and deleteAuthorUpdate on the emulators, by actor: a member in
// good standing posts (trimmed, their own book named with its title); a visitor,
// a pending or unverified member is refused; a book of someone else's is refused;
// bad input (links and email addresses too) is refused with the form's message
// and nothing written; the plan's limit from Site Settings holds, also for two
// posts at once, and counts what was posted: deleting gives nothing back; the
// author or an admin deletes. Every test uses members of its own and restores the one
// settings field it changes, so nothing here empties the shared project.
import { afterEach, describe, expect, it } from 'vitest';
import {
  UPDATE_MESSAGES,
  UPDATE_POSTS_FIELD,
  type PostAuthorUpdateResponse,
} from '../../../src/domain/updates/author-update';
import { adminDb } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const post = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<PostAuthorUpdateResponse>('postAuthorUpdate', member, data);
const remove = (member: Member | undefined, id: string) =>
  callAs<{ id: string }>('deleteAuthorUpdate', member, { id });

const updatesOf = async (uid: string) =>
  (await db.collection('author_updates').where('user_id', '==', uid).get()).docs;

const settings = db.doc('site_settings/main');
async function setLimits(limits: Record<string, unknown> | null): Promise<void> {
  const { FieldValue } = await import('firebase-admin/firestore');
  await settings.set({ author_update_limits: limits ?? FieldValue.delete() }, { merge: true });
}
afterEach(async () => {
  await setLimits(null);
});

/** Moves every post in the member's record of posts (plan_locks/{uid}) to `at`, as if posted then. */
async function agePosts(uid: string, at: Date): Promise<void> {
  const lock = db.doc(`plan_locks/${uid}`);
  const posts = ((await lock.get()).get(UPDATE_POSTS_FIELD) ?? []) as Array<{ id: string }>;
  await lock.update({ [UPDATE_POSTS_FIELD]: posts.map((entry) => ({ id: entry.id, at })) });
}

describe('postAuthorUpdate', () => {
  it('a member in good standing posts an update, about one of their books by its title', async () => {
    const author = await makeMember();
    const book = await db.collection('books').add(bookData(author.uid, { title: 'Harbour Lights' }));
    const answer = await post(author, { title: ' Sequel news ', body: ' Written! ', book_id: book.id });
    expect(answer.error).toBeUndefined();
    const stored = (await db.doc(`author_updates/${answer.result!.id}`).get()).data()!;
    expect(stored).toMatchObject({
      user_id: author.uid,
      title: 'Sequel news',
      body: 'Written!',
      book: { id: book.id, title: 'Harbour Lights' },
      moderation_hidden: false,
    });
    expect(stored.created_at.toDate().toISOString()).toBe(answer.result!.created_at);
  });

  it('a visitor, a pending or an unverified member cannot post; nor about another member’s book', async () => {
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    const unverified = await makeMember({ verified: false });
    expect((await post(undefined, { title: 'T', body: 'B' })).error?.status).toBe('UNAUTHENTICATED');
    for (const member of [pending, unverified])
      expect((await post(member, { title: 'T', body: 'B' })).error?.status).toBe('PERMISSION_DENIED');
    const author = await makeMember();
    const other = await makeMember();
    const theirs = await db.collection('books').add(bookData(other.uid));
    const refused = await post(author, { title: 'T', body: 'B', book_id: theirs.id });
    expect(refused.error?.message).toBe(UPDATE_MESSAGES.notYourBook);
    expect((await post(author, { title: 'T', body: 'B', book_id: 'no-such-book' })).error?.message).toBe(
      UPDATE_MESSAGES.notYourBook,
    );
    for (const member of [pending, unverified, author]) expect(await updatesOf(member.uid)).toHaveLength(0);
  });

  it('refuses bad input with the form’s message, writing nothing', async () => {
    const author = await makeMember();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '', body: 'B' }, UPDATE_MESSAGES.titleRequired],
      [{ title: 'x'.repeat(121), body: 'B' }, UPDATE_MESSAGES.titleTooLong],
      [{ title: 'T', body: '   ' }, UPDATE_MESSAGES.bodyRequired],
      [{ title: 'T', body: 'x'.repeat(2001) }, UPDATE_MESSAGES.bodyTooLong],
      [{ title: 'T', body: 'B', book_id: 'a/b' }, ''],
      // What a mail program would link, in our mail to every follower.
      [{ title: 'Free copies: https://evil.example/win', body: 'B' }, UPDATE_MESSAGES.noLinks],
      [{ title: 'T', body: 'Claim yours at www.example.com today.' }, UPDATE_MESSAGES.noLinks],
      [{ title: 'T', body: 'Write to name@example.com for a signed copy.' }, UPDATE_MESSAGES.noLinks],
      [{ title: 'Mail me: name@example.de', body: 'B' }, UPDATE_MESSAGES.noLinks],
    ];
    for (const [data, message] of cases) {
      const error = (await post(author, data)).error;
      expect(error?.status, JSON.stringify(data).slice(0, 60)).toBe('INVALID_ARGUMENT');
      if (message) expect(error?.message).toContain(message);
    }
    expect(await updatesOf(author.uid)).toHaveLength(0);
  });

  it('holds the Free limit from Site Settings, also for posts sent at once; Premium has its own', async () => {
    await setLimits({ free_per_30_days: 2, premium_per_day: 1 });
    const free = await makeMember();
    const answers = await Promise.all([1, 2, 3].map((n) => post(free, { title: `News ${n}`, body: 'B' })));
    expect(answers.filter((answer) => answer.error === undefined)).toHaveLength(2);
    const refused = answers.find((answer) => answer.error !== undefined)!;
    expect(refused.error?.status).toBe('RESOURCE_EXHAUSTED');
    expect(refused.error?.message).toBe(
      'Free members can post 2 updates in 30 days. Upgrade to Premium to post one a day.',
    );
    expect(await updatesOf(free.uid)).toHaveLength(2);

    const premium = await makeMember({ profile: { subscription_status: 'premium' } });
    expect((await post(premium, { title: 'One', body: 'B' })).error).toBeUndefined();
    expect((await post(premium, { title: 'Two', body: 'B' })).error?.message).toBe(
      'Premium members can post one update a day. Try again tomorrow.',
    );
    // An update posted before the window no longer counts (its record of posts says when).
    const [old] = await updatesOf(premium.uid);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await old!.ref.update({ created_at: dayAgo });
    await agePosts(premium.uid, dayAgo);
    expect((await post(premium, { title: 'Three', body: 'B' })).error).toBeUndefined();
  });

  it('counts updates posted, not updates still stored: six posts, each deleted after, leave the fifth and sixth refused', async () => {
    const free = await makeMember();
    const answers = [];
    for (let n = 1; n <= 6; n++) {
      const answer = await post(free, { title: `Flash sale ${n}`, body: 'B' });
      answers.push(answer.error?.status ?? 'OK');
      if (answer.result) expect((await remove(free, answer.result.id)).error).toBeUndefined();
    }
    expect(answers).toEqual(['OK', 'OK', 'OK', 'OK', 'RESOURCE_EXHAUSTED', 'RESOURCE_EXHAUSTED']);
    expect(await updatesOf(free.uid)).toHaveLength(0);
    // An admin's delete gives nothing back either.
    const premium = await makeMember({ profile: { subscription_status: 'premium' } });
    const admin = await makeMember({ admin: true });
    const first = await post(premium, { title: 'One', body: 'B' });
    expect((await remove(admin, first.result!.id)).error).toBeUndefined();
    expect((await post(premium, { title: 'Again', body: 'B' })).error?.status).toBe('RESOURCE_EXHAUSTED');
  });

  it('still counts updates stored before the record of posts was kept', async () => {
    await setLimits({ free_per_30_days: 2, premium_per_day: 1 });
    const free = await makeMember();
    const { Timestamp } = await import('firebase-admin/firestore');
    for (const title of ['Before 1', 'Before 2'])
      await db.collection('author_updates').add({
        user_id: free.uid,
        author_slug: null,
        title,
        body: 'B',
        book: null,
        moderation_hidden: false,
        created_at: Timestamp.fromDate(new Date(Date.now() - 3600_000)),
      });
    expect((await post(free, { title: 'Third', body: 'B' })).error?.status).toBe('RESOURCE_EXHAUSTED');
  });
});

describe('deleteAuthorUpdate', () => {
  it('the author or an admin deletes an update; another member and a visitor cannot', async () => {
    const author = await makeMember();
    const other = await makeMember();
    const admin = await makeMember({ admin: true });
    const first = (await post(author, { title: 'First', body: 'B' })).result!.id;
    const second = (await post(author, { title: 'Second', body: 'B' })).result!.id;
    expect((await remove(other, first)).error?.message).toBe(UPDATE_MESSAGES.notAllowed);
    expect((await remove(undefined, first)).error?.status).toBe('UNAUTHENTICATED');
    expect((await remove(author, first)).error).toBeUndefined();
    expect((await remove(admin, second)).error).toBeUndefined();
    expect(await updatesOf(author.uid)).toHaveLength(0);
    expect((await remove(author, first)).error?.status).toBe('NOT_FOUND');
  });
});
