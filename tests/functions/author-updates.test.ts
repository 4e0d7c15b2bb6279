// postAuthorUpdate and deleteAuthorUpdate on the emulators, by actor: a member in
// good standing posts (trimmed, their own book named with its title); a visitor,
// a pending or unverified member is refused; a book of someone else's is refused;
// bad input is refused with the form's message and nothing written; the plan's
// limit from Site Settings holds, also for two posts at once; the author or an
// admin deletes. Every test uses members of its own and restores the one
// settings field it changes, so nothing here empties the shared project.
import { afterEach, describe, expect, it } from 'vitest';
import { UPDATE_MESSAGES, type PostAuthorUpdateResponse } from '../../src/domain/readers/author-update';
import { adminDb } from './emulator';
import { bookData } from './factories';
import { callAs, makeMember, type Member } from './profile-members';

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
    // An update older than the window no longer counts.
    const [old] = await updatesOf(premium.uid);
    await old!.ref.update({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    expect((await post(premium, { title: 'Three', body: 'B' })).error).toBeUndefined();
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
