// saveBook, deleteBook, saveProductService and deleteProductService on the
// emulators: who may write, the admin-only active flag, forged fields, bad input
// refused with nothing written, and the free plan's limit, also under concurrent
// creates (two tabs or a script).
import { beforeEach, describe, expect, it } from 'vitest';
import { ITEM_MESSAGES, type SaveItemResponse } from '../../../src/domain/items/item-save';
import { LIMIT_MESSAGES } from '../../../src/domain/items/plan-limits';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const saveBook = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveBook', member, data);
const deleteBook = (member: Member | undefined, id: string) =>
  callAs<{ id: string }>('deleteBook', member, { id });
const saveProduct = (member: Member | undefined, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveProductService', member, data);
const deleteProduct = (member: Member | undefined, id: string) =>
  callAs<{ id: string }>('deleteProductService', member, { id });

async function countOf(collection: string, uid: string): Promise<number> {
  return (await db.collection(collection).where('user_id', '==', uid).count().get()).data().count;
}

async function addBooks(uid: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await db.collection('books').add(bookData(uid, { title: `Book ${i + 1}` }))).id);
  return ids;
}

async function addProducts(uid: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await db.collection('products_services').add({
      user_id: uid,
      title: `Item ${i}`,
      category: 'product',
      currency: 'USD',
      tags: [],
      is_active: true,
      is_featured: false,
      views_count: 0,
      created_at: new Date(),
    });
  }
}

beforeEach(async () => {
  await clearFirestore();
});

describe('saveBook', () => {
  it('the owner creates a book: active, not featured, owned by them, forged fields ignored', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    const answer = await saveBook(owner, {
      book: {
        title: '  Tides ',
        description: 'A sea novel.',
        genre: ['fantasy'],
        is_featured: true,
        user_id: other.uid,
        is_active: false,
        author: { display_name: 'X' },
      },
    });
    expect(answer.error).toBeUndefined();
    const stored = (await db.doc(`books/${answer.result!.id}`).get()).data()!;
    expect(stored).toMatchObject({
      title: 'Tides',
      user_id: owner.uid,
      is_active: true,
      is_featured: false,
      genre: ['fantasy'],
    });
    expect(stored.created_at).toBeDefined();
  });

  it('the owner replaces the fields; another member, a pending or unverified owner and a visitor are refused', async () => {
    const owner = await makeMember();
    const [id] = await addBooks(owner.uid, 1);
    expect(
      (await saveBook(owner, { bookId: id, book: { title: 'New title', description: null } })).error,
    ).toBeUndefined();
    expect((await db.doc(`books/${id}`).get()).data()).toMatchObject({
      title: 'New title',
      description: null,
      user_id: owner.uid,
    });

    const other = await makeMember();
    expect((await saveBook(other, { bookId: id, book: { title: 'Stolen' } })).error?.message).toBe(
      ITEM_MESSAGES.notAllowed,
    );
    expect((await saveBook(other, { userId: owner.uid, book: { title: 'Planted' } })).error?.message).toBe(
      ITEM_MESSAGES.notAllowed,
    );
    expect((await saveBook(undefined, { bookId: id, book: { title: 'Anon' } })).error?.status).toBe(
      'UNAUTHENTICATED',
    );
    const pending = await makeMember({ profile: { approval_status: 'pending' } });
    expect((await saveBook(pending, { book: { title: 'Pending' } })).error?.status).toBe('PERMISSION_DENIED');
    const unverified = await makeMember({ verified: false });
    expect((await saveBook(unverified, { book: { title: 'Unverified' } })).error?.status).toBe(
      'PERMISSION_DENIED',
    );
    expect((await db.doc(`books/${id}`).get()).get('title')).toBe('New title');
    expect(await countOf('books', other.uid)).toBe(0);
    expect(await countOf('books', owner.uid)).toBe(1);
  });

  it('only an admin disables an existing book', async () => {
    const owner = await makeMember();
    const admin = await makeMember({ admin: true });
    const [id] = await addBooks(owner.uid, 1);
    expect(
      (await saveBook(owner, { bookId: id, book: { title: 'A Book' }, admin: { is_active: false } })).error
        ?.message,
    ).toBe(ITEM_MESSAGES.notAllowed);
    expect(
      (await saveBook(admin, { book: { title: 'New' }, userId: owner.uid, admin: { is_active: false } }))
        .error?.status,
    ).toBe('INVALID_ARGUMENT');
    expect(
      (await saveBook(admin, { bookId: id, book: { title: 'A Book' }, admin: { is_active: false } })).error,
    ).toBeUndefined();
    expect((await db.doc(`books/${id}`).get()).data()).toMatchObject({
      is_active: false,
      user_id: owner.uid,
    });
  });

  it('refuses bad input with the field and the message, writing nothing', async () => {
    const owner = await makeMember();
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ title: '' }, /Title is required/],
      [{ title: 'T', description: 'word '.repeat(5000) }, /Description must be 5000 characters or less/],
      [{ title: 'T', description: 'word '.repeat(101) }, /Description must be 100 words or less/],
      [
        {
          title: 'T',
          purchase_links: Array.from({ length: 200 }, (_, i) => ({
            label: `L${i}`,
            url: 'https://x.example',
          })),
        },
        /.+/,
      ],
      [
        { title: 'T', purchase_links: [{ label: 'Evil', url: 'javascript:alert(1)' }] },
        /Please enter a valid URL/,
      ],
      [{ title: 'T', ebook_price: -1 }, /.+/],
      [{ title: 'T', ebook_price: 'abc' }, /.+/],
      [
        {
          title: 'T',
          manuscript_content: [
            { id: 's1', type: 'text', title: 'Big', content: 'x'.repeat(2_000_000), order: 0 },
          ],
        },
        /.+/,
      ],
      [{ title: 'T', cover_image: '/media/someone-else/covers/a/640.webp' }, /.+/],
    ];
    for (const [book, message] of cases) {
      const answer = await saveBook(owner, { book });
      expect(answer.error?.message ?? 'saved', JSON.stringify(book).slice(0, 80)).toMatch(message);
      expect(answer.result).toBeUndefined();
    }
    expect(await countOf('books', owner.uid)).toBe(0);
  });

  it('a free member gets the fourth book refused with the plan message; premium is unlimited', async () => {
    const free = await makeMember();
    await addBooks(free.uid, 3);
    const refused = await saveBook(free, { book: { title: 'Fourth' } });
    expect(refused.error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: LIMIT_MESSAGES.books });
    expect(await countOf('books', free.uid)).toBe(3);
    const premium = await makeMember({ profile: { subscription_status: 'premium' } });
    await addBooks(premium.uid, 3);
    expect((await saveBook(premium, { book: { title: 'Fourth' } })).error).toBeUndefined();
    expect(await countOf('books', premium.uid)).toBe(4);
  });

  it('a member over the limit (dropped from premium) keeps and edits their books but adds none', async () => {
    const member = await makeMember();
    const [id] = await addBooks(member.uid, 5);
    expect((await saveBook(member, { bookId: id, book: { title: 'Edited' } })).error).toBeUndefined();
    expect((await saveBook(member, { book: { title: 'Sixth' } })).error?.message).toBe(LIMIT_MESSAGES.books);
  });

  it('concurrent creates never take a free member past three books', async () => {
    const member = await makeMember();
    await addBooks(member.uid, 1);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => saveBook(member, { book: { title: `Parallel ${i}` } })),
    );
    expect(answers.filter((a) => a.result).length).toBe(2);
    expect(answers.filter((a) => a.error?.message === LIMIT_MESSAGES.books).length).toBe(2);
    expect(await countOf('books', member.uid)).toBe(3);
  });
});

describe('deleteBook', () => {
  it('the owner deletes a book and its featured slot; another member cannot', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    const [id] = await addBooks(owner.uid, 1);
    await db.doc('featured_books/1').set({ book_id: id, position: 1, created_at: new Date() });
    expect((await deleteBook(other, id!)).error?.message).toBe(ITEM_MESSAGES.notAllowed);
    expect((await deleteBook(owner, id!)).error).toBeUndefined();
    expect((await db.doc(`books/${id}`).get()).exists).toBe(false);
    expect((await db.doc('featured_books/1').get()).exists).toBe(false);
    expect((await deleteBook(owner, id!)).error?.status).toBe('NOT_FOUND');
  });
});

describe('saveProductService and deleteProductService', () => {
  it('creates with views_count 0 and a numeric price read from the text; forged counters are ignored', async () => {
    const owner = await makeMember();
    const answer = await saveProduct(owner, {
      item: { title: 'Editing', price: '$1,299.50', tags: ['a', 'b'], views_count: 999, is_featured: true },
    });
    expect(answer.error).toBeUndefined();
    expect((await db.doc(`products_services/${answer.result!.id}`).get()).data()).toMatchObject({
      title: 'Editing',
      price_numeric: 1299.5,
      views_count: 0,
      is_active: true,
      is_featured: false,
      user_id: owner.uid,
      currency: 'USD',
    });
  });

  it('refuses a blank title with the spec message and the fourth item of a free member', async () => {
    const owner = await makeMember();
    expect((await saveProduct(owner, { item: { title: ' ' } })).error?.message).toMatch('Title is required.');
    await addProducts(owner.uid, 3);
    expect((await saveProduct(owner, { item: { title: 'Fourth' } })).error?.message).toBe(
      LIMIT_MESSAGES.products_services,
    );
    expect(await countOf('products_services', owner.uid)).toBe(3);
  });

  it('an admin disables an item; a member cannot delete another’s', async () => {
    const owner = await makeMember();
    const admin = await makeMember({ admin: true });
    const other = await makeMember();
    const { result } = await saveProduct(owner, { item: { title: 'Thing' } });
    expect(
      (
        await saveProduct(admin, {
          itemId: result!.id,
          item: { title: 'Thing' },
          admin: { is_active: false },
        })
      ).error,
    ).toBeUndefined();
    expect((await db.doc(`products_services/${result!.id}`).get()).get('is_active')).toBe(false);
    expect((await deleteProduct(other, result!.id)).error?.message).toBe(ITEM_MESSAGES.notAllowed);
    expect((await deleteProduct(owner, result!.id)).error).toBeUndefined();
  });

  it('only an admin features an item (for Featured First); its owner cannot, nor can an admin feature a new one', async () => {
    const owner = await makeMember();
    const admin = await makeMember({ admin: true });
    const { result } = await saveProduct(owner, { item: { title: 'Bookmark' } });
    const id = result!.id;
    const featured = async () => (await db.doc(`products_services/${id}`).get()).get('is_featured');

    expect(
      (await saveProduct(owner, { itemId: id, item: { title: 'Bookmark' }, admin: { is_featured: true } }))
        .error?.message,
    ).toBe(ITEM_MESSAGES.notAllowed);
    expect(await featured()).toBe(false);
    expect(
      (await saveProduct(admin, { item: { title: 'New' }, userId: owner.uid, admin: { is_featured: true } }))
        .error?.status,
    ).toBe('INVALID_ARGUMENT');

    expect(
      (await saveProduct(admin, { itemId: id, item: { title: 'Bookmark' }, admin: { is_featured: true } }))
        .error,
    ).toBeUndefined();
    expect(await featured()).toBe(true);
    // The owner's next save of the content keeps the admin's flag.
    expect(
      (await saveProduct(owner, { itemId: id, item: { title: 'Bookmark, blue' } })).error,
    ).toBeUndefined();
    expect(await featured()).toBe(true);
    expect(
      (
        await saveProduct(admin, {
          itemId: id,
          item: { title: 'Bookmark, blue' },
          admin: { is_featured: false },
        })
      ).error,
    ).toBeUndefined();
    expect(await featured()).toBe(false);
  });
});
