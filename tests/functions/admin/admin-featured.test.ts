// adminFeatured on the emulators: only the admin claim opens it; assigning a slot
// replaces its holder and moves an item out of any other slot, books' is_featured
// follows the slots, the twelfth book is the last, and only featurable items fit.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FEATURED_BOOKS_MESSAGE } from '../../../src/domain/admin/admin-featured';
import { adminDb } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
let admin: Member;
let owner: Member;

function call(caller: Member | undefined, data: Record<string, unknown>) {
  return callAs<{ position: number | null }>('adminFeatured', caller, data);
}

async function book(overrides: Record<string, unknown> = {}) {
  return (await db.collection('books').add(bookData(owner.uid, overrides))).id;
}

async function slots(collection: string) {
  const snapshot = await db.collection(collection).get();
  return Object.fromEntries(snapshot.docs.map((doc) => [doc.id, doc.get('book_id') ?? doc.get('user_id')]));
}

async function featuredFlag(id: string) {
  return (await db.doc(`books/${id}`).get()).get('is_featured');
}

beforeAll(async () => {
  admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
  owner = await makeMember();
});

beforeEach(async () => {
  for (const collection of ['featured_books', 'featured_profiles']) {
    const snapshot = await db.collection(collection).get();
    await Promise.all(snapshot.docs.map((doc) => doc.ref.delete()));
  }
});

describe('adminFeatured', () => {
  it('refuses everyone without the admin claim, a self-styled Admin profile included', async () => {
    const id = await book();
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    for (const caller of [undefined, owner, pending, selfStyled]) {
      const answer = await call(caller, { action: 'assign-book', position: 1, bookId: id });
      expect(answer.error?.message).toBe('Access Denied');
    }
    expect(await slots('featured_books')).toEqual({});
  });

  it('assigns, replaces and moves books with their is_featured flag', async () => {
    const [a, b] = [await book(), await book()];
    expect((await call(admin, { action: 'assign-book', position: 3, bookId: a })).result).toEqual({
      position: 3,
    });
    expect(await featuredFlag(a)).toBe(true);
    await call(admin, { action: 'assign-book', position: 3, bookId: b });
    expect(await slots('featured_books')).toEqual({ '3': b });
    expect(await featuredFlag(a)).toBe(false);
    expect(await featuredFlag(b)).toBe(true);
    await call(admin, { action: 'assign-book', position: 5, bookId: b });
    expect(await slots('featured_books')).toEqual({ '5': b });
    await call(admin, { action: 'remove-book', position: 5 });
    expect(await slots('featured_books')).toEqual({});
    expect(await featuredFlag(b)).toBe(false);
  });

  it('keeps one holder per slot when two admins assign the same slot at once', async () => {
    const ids = await Promise.all([book(), book(), book()]);
    await Promise.all(ids.map((bookId) => call(admin, { action: 'assign-book', position: 7, bookId })));
    const held = await slots('featured_books');
    expect(Object.keys(held)).toEqual(['7']);
    const flags = await Promise.all(ids.map(featuredFlag));
    expect(flags.filter(Boolean)).toHaveLength(1);
    expect(ids[flags.indexOf(true)]).toBe(held['7']);
  });

  it('the list toggle fills the first free slot and refuses a thirteenth book', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 13; i++) ids.push(await book());
    for (const [i, bookId] of ids.slice(0, 12).entries()) {
      expect((await call(admin, { action: 'set-book-featured', bookId, featured: true })).result).toEqual({
        position: i + 1,
      });
    }
    const refused = await call(admin, { action: 'set-book-featured', bookId: ids[12], featured: true });
    expect(refused.error?.message).toBe(MAX_FEATURED_BOOKS_MESSAGE);
    await call(admin, { action: 'set-book-featured', bookId: ids[4], featured: false });
    expect(await featuredFlag(ids[4]!)).toBe(false);
    expect(
      (await call(admin, { action: 'set-book-featured', bookId: ids[12], featured: true })).result,
    ).toEqual({ position: 5 });
  });

  it('features only active books and active, approved members', async () => {
    const disabled = await book({ is_active: false });
    expect((await call(admin, { action: 'assign-book', position: 1, bookId: disabled })).error?.status).toBe(
      'FAILED_PRECONDITION',
    );
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    const inactive = await makeMember({ profile: { is_active: false } });
    for (const member of [pending, inactive]) {
      expect(
        (await call(admin, { action: 'assign-profile', position: 1, userId: member.uid })).error?.status,
      ).toBe('FAILED_PRECONDITION');
    }
    expect((await call(admin, { action: 'assign-profile', position: 2, userId: owner.uid })).result).toEqual({
      position: 2,
    });
    expect(await slots('featured_profiles')).toEqual({ '2': owner.uid });
    await call(admin, { action: 'remove-profile', position: 2 });
    expect(await slots('featured_profiles')).toEqual({});
  });
});
