// editClaimedBook (src/domain/books/claimed-book-edit.ts) on the emulators, by actor:
// only the member who claimed a catalogue book changes its purchase links,
// description, subjects and first year; each change is audited; bad input, a
// listed book and someone else's claimed book change nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import { CLAIMED_BOOK_EDIT_MESSAGES } from '../../../src/domain/books/claimed-book-edit';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { bookData } from '../helpers/factories';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const edit = (member: Member | undefined, data: unknown) =>
  callAs<{ id: string; changed: string[] }>('editClaimedBook', member, data);

const fields = {
  purchase_links: [{ label: 'Bookshop', url: 'https://bookshop.example/lantern', price: '£9.99' }],
  description: 'A corrected description.',
  subjects: ['Orchards', ' ', 'Lanterns', 'Orchards'],
  first_published: 1999,
};

let claimant: Member;
let other: Member;
let adminMember: Member;
let bookId: string;

beforeEach(async () => {
  await clearFirestore();
  [claimant, other, adminMember] = await Promise.all([
    makeMember(),
    makeMember({ profile: { category: 'Publisher' } }),
    makeMember({ admin: true }),
  ]);
  const ref = db.collection('books').doc();
  await ref.set({
    kind: 'catalogue',
    title: 'The Lantern Orchard',
    authors: [{ name: 'Wren Claimworth', source_id: null }],
    author_slugs: ['wren-claimworth'],
    description: 'Old.',
    subjects: [],
    editions: [],
    source: 'hand',
    added_by: 'someone',
    claimed_by: claimant.uid,
    is_public: false,
    is_active: true,
    created_at: new Date('2026-12-01T10:00:00Z'),
  });
  bookId = ref.id;
});

describe('editClaimedBook', () => {
  it('anonymous: refused', async () => {
    expect((await edit(undefined, { bookId, fields })).error?.status).toBe('UNAUTHENTICATED');
  });

  it('another member, and an admin (who is not the claimant): refused, nothing changed', async () => {
    for (const member of [other, adminMember])
      expect((await edit(member, { bookId, fields })).error).toEqual({
        status: 'PERMISSION_DENIED',
        message: CLAIMED_BOOK_EDIT_MESSAGES.notYours,
      });
    expect((await db.doc(`books/${bookId}`).get()).get('description')).toBe('Old.');
  });

  it('the claimant: saves the links and corrections, audited; the same edit again changes nothing', async () => {
    const saved = await edit(claimant, { bookId, fields });
    expect(saved.result).toEqual({
      id: bookId,
      changed: ['purchase_links', 'description', 'subjects', 'first_published'],
    });
    expect((await db.doc(`books/${bookId}`).get()).data()).toMatchObject({
      purchase_links: [{ label: 'Bookshop', url: 'https://bookshop.example/lantern', price: '£9.99' }],
      description: 'A corrected description.',
      subjects: ['Orchards', 'Lanterns'],
      first_published: 1999,
    });
    const audit = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('action', '==', 'claimed-book-edit')
      .get();
    expect(audit.size).toBe(1);
    expect((await edit(claimant, { bookId, fields })).result?.changed).toEqual([]);
  });

  it('bad input: a link that is not http(s), a year to come, a listed book; nothing changed', async () => {
    const badLink = await edit(claimant, {
      bookId,
      fields: { ...fields, purchase_links: [{ label: 'Shop', url: 'javascript:alert(1)' }] },
    });
    expect(badLink.error).toEqual({ status: 'INVALID_ARGUMENT', message: 'Please enter a valid URL' });
    const future = await edit(claimant, { bookId, fields: { ...fields, first_published: 3000 } });
    expect(future.error).toEqual({ status: 'INVALID_ARGUMENT', message: CLAIMED_BOOK_EDIT_MESSAGES.year });
    const listed = await db.collection('books').add(bookData(claimant.uid));
    expect((await edit(claimant, { bookId: listed.id, fields })).error?.status).toBe('NOT_FOUND');
    expect((await db.doc(`books/${bookId}`).get()).get('description')).toBe('Old.');
  });
});
