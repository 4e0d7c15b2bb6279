// Every callable that stores a picture accepts only the member's own upload (or
// an https URL outside the media store): saveBook's cover, new or changed, and
// saveProductService's image. Another member's upload is refused in both stores'
// spellings (/media/… locally, the Cloud Storage address in production), with
// nothing written. (saveProfile takes no books, so no covers.)
import { beforeEach, describe, expect, it } from 'vitest';
import { type SaveItemResponse } from '../../../src/domain/items/item-save';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const saveBook = (member: Member, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveBook', member, data);
const saveProduct = (member: Member, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveProductService', member, data);

/** Another member's upload of `kind`, as each media store spells it. */
const foreignUploads = (uid: string, kind: string) => [
  `/media/${uid}/${kind}/u1/w640.webp`,
  `https://storage.googleapis.com/shelfmark-media/${uid}/${kind}/u1/w640.webp`,
  `https://shelfmark-media.storage.googleapis.com/${uid}/${kind}/u1/w640.webp`,
];

async function countOf(collection: string, uid: string): Promise<number> {
  return (await db.collection(collection).where('user_id', '==', uid).count().get()).data().count;
}

beforeEach(async () => {
  await clearFirestore();
});

describe('saveBook: book covers', () => {
  it('refuses a new book with another member’s cover, in every spelling, and writes nothing', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    for (const cover of foreignUploads(other.uid, 'book-covers')) {
      const answer = await saveBook(owner, { book: { title: 'Borrowed cover', cover_image: cover } });
      // An upload the parser reads as another member's is 'permission-denied'; any other media-store address 'invalid-argument'.
      expect(['PERMISSION_DENIED', 'INVALID_ARGUMENT'], cover).toContain(answer.error?.status);
    }
    expect(await countOf('books', owner.uid)).toBe(0);
  });

  it('refuses changing a book’s cover to another member’s upload', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    const mine = `/media/${owner.uid}/book-covers/c1/w640.webp`;
    const { id } = await db
      .collection('books')
      .add(bookData(owner.uid, { title: 'Mine', cover_image: mine }));
    const answer = await saveBook(owner, {
      bookId: id,
      book: { title: 'Mine', cover_image: foreignUploads(other.uid, 'book-covers')[0] },
    });
    expect(answer.error?.status).toBe('PERMISSION_DENIED');
    expect((await db.doc(`books/${id}`).get()).get('cover_image')).toBe(mine);
  });

  it('accepts the member’s own upload and an https cover outside the media store', async () => {
    const owner = await makeMember({ profile: { subscription_status: 'premium' } });
    for (const cover of [
      `/media/${owner.uid}/book-covers/c1/w640.webp`,
      'https://images.example.com/c.jpg',
      `https://storage.googleapis.com/shelfmark-media/${owner.uid}/book-covers/c1/w640.webp`,
    ]) {
      const answer = await saveBook(owner, { book: { title: 'Own cover', cover_image: cover } });
      expect(answer.error, cover).toBeUndefined();
    }
    expect(await countOf('books', owner.uid)).toBe(3);
  });
});

describe('saveProductService', () => {
  it('refuses another member’s product image in the Cloud Storage spelling too', async () => {
    const owner = await makeMember();
    const other = await makeMember();
    for (const image of foreignUploads(other.uid, 'product-images')) {
      const answer = await saveProduct(owner, { item: { title: 'Borrowed', image_url: image } });
      expect(answer.error, image).toBeDefined();
    }
    expect(await countOf('products_services', owner.uid)).toBe(0);
  });
});
