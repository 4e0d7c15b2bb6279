// Authors claim their author pages (src/domain/books/author-claim.ts), on the
// emulators, by actor × operation: authorClaim (status, request) and
// adminAuthorClaims (list, approve, reject). Only an approved, active Book Author or
// Publisher files a claim; one pending claim per member per page; a claimed page is
// not claimed again. An admin's approval writes catalogue_authors/{slug}, an audit
// entry, and stamps the author's catalogue books (and books added later) with the
// claimant; a rejection carries its reason to the member. Bad input writes nothing.
import { beforeEach, describe, expect, it } from 'vitest';
import {
  AUTHOR_CLAIM_MESSAGES,
  catalogueIsbnMessage,
  type AdminAuthorClaimsResponse,
  type AuthorClaimStatusResponse,
} from '../../../src/domain/books/author-claim';
import type { AddBookResult } from '../../../src/domain/catalogue/add-book';
import { ISBN_MESSAGES } from '../../../src/domain/books/isbn';
import type { SaveItemResponse } from '../../../src/domain/items/item-save';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { useMailbox } from '../helpers/mailbox';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const mailbox = useMailbox();
const SLUG = 'edith-wharton';
const CLAIM_OF = (member: Member) => `${SLUG}__${member.uid}`;

const claim = (member: Member | undefined, data: unknown) =>
  callAs<AuthorClaimStatusResponse>('authorClaim', member, data);
const admin = (member: Member | undefined, data: unknown) =>
  callAs<AdminAuthorClaimsResponse>('adminAuthorClaims', member, data);

/** A catalogue book by Edith Wharton, as addCatalogueBook stores one. */
async function writeCatalogueBook(title: string): Promise<string> {
  const ref = db.collection('books').doc();
  await ref.set({
    kind: 'catalogue',
    title,
    authors: [{ name: 'Edith Wharton', source_id: null }],
    author_slugs: [SLUG],
    subjects: [],
    editions: [],
    source: 'hand',
    needs_review: false,
    added_by: 'someone',
    is_public: false,
    is_active: true,
    moderation_hidden: false,
    rating_count: 0,
    rating_sum: 0,
    created_at: new Date('2026-12-01T10:00:00Z'),
  });
  return ref.id;
}

let author: Member;
let publisher: Member;
let reader: Member;
let pending: Member;
let adminMember: Member;
let bookId: string;

beforeEach(async () => {
  await clearFirestore();
  [author, publisher, reader, pending, adminMember] = await Promise.all([
    makeMember({ profile: { category: 'Book Author', display_name: 'Edith W.' } }),
    makeMember({ profile: { category: 'Publisher' } }),
    makeMember({ profile: { category: 'Book Lover/Marketer' } }),
    makeMember({ profile: { category: 'Book Author', approval_status: 'pending' } }),
    makeMember({ admin: true }),
  ]);
  bookId = await writeCatalogueBook('The Age of Innocence');
});

describe('authorClaim', () => {
  it('anonymous: refused', async () => {
    expect((await claim(undefined, { action: 'status', slug: SLUG })).error?.status).toBe('UNAUTHENTICATED');
  });

  it('an unapproved author: refused, nothing written', async () => {
    const answer = await claim(pending, { action: 'request', slug: SLUG });
    expect(answer.error?.status).toBe('PERMISSION_DENIED');
    expect((await db.collection('author_claims').get()).size).toBe(0);
  });

  it('a reader member: sees they may not claim, and a request is refused with the reason', async () => {
    expect((await claim(reader, { action: 'status', slug: SLUG })).result).toEqual({
      eligible: false,
      claim: null,
      claimed: false,
    });
    expect((await claim(reader, { action: 'request', slug: SLUG })).error).toEqual({
      status: 'PERMISSION_DENIED',
      message: AUTHOR_CLAIM_MESSAGES.notEligible,
    });
    expect((await db.collection('author_claims').get()).size).toBe(0);
  });

  it('an approved author: files one pending claim with their note; a second is refused', async () => {
    const filed = await claim(author, { action: 'request', slug: SLUG, message: '  My site: example.com ' });
    expect(filed.result).toEqual({
      eligible: true,
      claim: { status: 'pending', reason: null },
      claimed: false,
    });
    expect((await db.doc(`author_claims/${CLAIM_OF(author)}`).get()).data()).toMatchObject({
      slug: SLUG,
      author_name: 'Edith Wharton',
      user_id: author.uid,
      member_name: 'Edith W.',
      status: 'pending',
      message: 'My site: example.com',
    });
    expect((await claim(author, { action: 'request', slug: SLUG })).error).toEqual({
      status: 'ALREADY_EXISTS',
      message: AUTHOR_CLAIM_MESSAGES.pending,
    });
  });

  it('a publisher: files a claim too', async () => {
    expect((await claim(publisher, { action: 'request', slug: SLUG })).result?.claim?.status).toBe('pending');
  });

  it('bad input: a page no book names, a malformed slug, a note too long; nothing written', async () => {
    expect((await claim(author, { action: 'request', slug: 'nobody-at-all' })).error).toEqual({
      status: 'NOT_FOUND',
      message: AUTHOR_CLAIM_MESSAGES.noSuchAuthor,
    });
    expect((await claim(author, { action: 'request', slug: 'Edith Wharton' })).error?.status).toBe(
      'INVALID_ARGUMENT',
    );
    expect((await claim(author, { action: 'request', slug: SLUG, message: 'x'.repeat(1001) })).error).toEqual(
      {
        status: 'INVALID_ARGUMENT',
        message: AUTHOR_CLAIM_MESSAGES.messageTooLong,
      },
    );
    expect((await db.collection('author_claims').get()).size).toBe(0);
  });
});

describe('adminAuthorClaims', () => {
  beforeEach(async () => {
    expect((await claim(author, { action: 'request', slug: SLUG })).error).toBeUndefined();
  });

  it('anonymous and members (authors, publishers, readers) are refused', async () => {
    expect((await admin(undefined, { action: 'list' })).error?.status).toBe('UNAUTHENTICATED');
    for (const member of [author, publisher, reader, pending])
      expect((await admin(member, { action: 'approve', claimId: CLAIM_OF(author) })).error?.status).toBe(
        'PERMISSION_DENIED',
      );
    expect((await db.doc(`catalogue_authors/${SLUG}`).get()).exists).toBe(false);
  });

  it('an admin lists the queue, approves: the page is claimed, audited, and the books stamped, now and later', async () => {
    const queue = await admin(adminMember, { action: 'list' });
    expect(queue.result?.pending).toEqual([
      expect.objectContaining({
        id: CLAIM_OF(author),
        slug: SLUG,
        authorName: 'Edith Wharton',
        userId: author.uid,
      }),
    ]);
    const approved = await admin(adminMember, { action: 'approve', claimId: CLAIM_OF(author) });
    expect(approved.result?.pending).toEqual([]);
    expect((await db.doc(`catalogue_authors/${SLUG}`).get()).data()).toMatchObject({
      name: 'Edith Wharton',
      claimed_by: author.uid,
    });
    expect((await db.doc(`books/${bookId}`).get()).get('claimed_by')).toBe(author.uid);
    const audit = await db
      .collection(ADMIN_AUDIT_COLLECTION)
      .where('action', '==', 'author-claim-approve')
      .get();
    expect(audit.docs.map((doc) => doc.data())).toEqual([
      expect.objectContaining({ actor_uid: adminMember.uid, target_uid: author.uid }),
    ]);
    expect((await claim(author, { action: 'status', slug: SLUG })).result).toEqual({
      eligible: true,
      claim: { status: 'approved', reason: null },
      claimed: true,
    });
    const mail = await mailbox.waitFor(author.email, 'Your claim of Edith Wharton’s page is approved');
    expect(mail.text).toContain(`/authors/${SLUG}`);

    // A book of the author added later is the claimant's from the start.
    const later = await callAs<AddBookResult>('addBookByHand', reader, {
      title: 'Ethan Frome',
      author: 'Edith Wharton',
      isbn: '',
    });
    expect(later.error).toBeUndefined();
    expect((await db.doc(`books/${later.result!.bookId}`).get()).get('claimed_by')).toBe(author.uid);

    // The page is taken: another member cannot claim it, the claimant is told it is theirs.
    expect((await claim(publisher, { action: 'request', slug: SLUG })).error).toEqual({
      status: 'ALREADY_EXISTS',
      message: AUTHOR_CLAIM_MESSAGES.alreadyClaimed,
    });
    expect((await claim(author, { action: 'request', slug: SLUG })).error?.message).toBe(
      AUTHOR_CLAIM_MESSAGES.yoursAlready,
    );
  });

  it('claimed books count against no plan: a free author with three claimed books still lists three', async () => {
    await Promise.all([writeCatalogueBook('Ethan Frome'), writeCatalogueBook('Summer')]);
    expect(
      (await admin(adminMember, { action: 'approve', claimId: CLAIM_OF(author) })).error,
    ).toBeUndefined();
    expect((await db.collection('books').where('claimed_by', '==', author.uid).get()).size).toBe(3);
    for (const title of ['One', 'Two', 'Three']) {
      const saved = await callAs<SaveItemResponse>('saveBook', author, { book: { title } });
      expect(saved.error).toBeUndefined();
    }
    expect(
      (await callAs<SaveItemResponse>('saveBook', author, { book: { title: 'Four' } })).error?.status,
    ).toBe('RESOURCE_EXHAUSTED');
  });

  it('an admin rejects with a reason the member sees; a decided claim is not decided again', async () => {
    expect(
      (await admin(adminMember, { action: 'reject', claimId: CLAIM_OF(author), reason: ' ' })).error,
    ).toEqual({
      status: 'INVALID_ARGUMENT',
      message: AUTHOR_CLAIM_MESSAGES.reasonRequired,
    });
    const rejected = await admin(adminMember, {
      action: 'reject',
      claimId: CLAIM_OF(author),
      reason: 'Please show us your publisher.',
    });
    expect(rejected.error).toBeUndefined();
    expect((await claim(author, { action: 'status', slug: SLUG })).result?.claim).toEqual({
      status: 'rejected',
      reason: 'Please show us your publisher.',
    });
    expect((await mailbox.waitFor(author.email, 'About your claim of Edith Wharton’s page')).text).toContain(
      'Please show us your publisher.',
    );
    expect((await admin(adminMember, { action: 'approve', claimId: CLAIM_OF(author) })).error?.status).toBe(
      'FAILED_PRECONDITION',
    );
    expect((await db.doc(`catalogue_authors/${SLUG}`).get()).exists).toBe(false);
    expect((await db.doc(`books/${bookId}`).get()).get('claimed_by')).toBeUndefined();
    // A rejected member may try again with better evidence.
    expect(
      (await claim(author, { action: 'request', slug: SLUG, message: 'My publisher: X.' })).result?.claim,
    ).toEqual({ status: 'pending', reason: null });
  });

  it('a deleted account releases its claims: the page is free again, the books stay unclaimed', async () => {
    expect(
      (await admin(adminMember, { action: 'approve', claimId: CLAIM_OF(author) })).error,
    ).toBeUndefined();
    expect((await callAs('deleteAccount', author, { userId: author.uid })).error).toBeUndefined();
    expect((await db.doc(`catalogue_authors/${SLUG}`).get()).exists).toBe(false);
    expect((await db.doc(`author_claims/${CLAIM_OF(author)}`).get()).exists).toBe(false);
    expect((await db.doc(`books/${bookId}`).get()).data()).toMatchObject({
      title: 'The Age of Innocence',
      claimed_by: null,
    });
    expect((await claim(publisher, { action: 'request', slug: SLUG })).result?.claim?.status).toBe('pending');
  });

  it("approval checks the member's standing now: a member deactivated since is refused", async () => {
    await db.doc(`profiles/${author.uid}`).update({ is_active: false });
    expect((await admin(adminMember, { action: 'approve', claimId: CLAIM_OF(author) })).error).toEqual({
      status: 'FAILED_PRECONDITION',
      message: AUTHOR_CLAIM_MESSAGES.memberNotEligible,
    });
    expect((await db.doc(`catalogue_authors/${SLUG}`).get()).exists).toBe(false);
  });

  it('an unknown claim is not found', async () => {
    expect((await admin(adminMember, { action: 'approve', claimId: `${SLUG}__nobody` })).error?.status).toBe(
      'NOT_FOUND',
    );
  });
});

describe('saveBook with an ISBN a catalogue book holds', () => {
  const ISBN = '9780306406157';
  const saveBook = (member: Member, book: Record<string, unknown>) =>
    callAs<SaveItemResponse>('saveBook', member, { book });

  beforeEach(async () => {
    await db.doc(`books/${bookId}`).update({ isbn: ISBN, editions: [{ source_id: null, isbn: ISBN }] });
    await db.doc(`isbn_claims/${ISBN}`).set({ book_id: bookId, user_id: null, claimed_at: new Date() });
  });

  it('offers the catalogue book to claim instead of a second copy, and saves nothing', async () => {
    const copy = await saveBook(author, { title: 'The Age of Innocence', isbn: ISBN });
    expect(copy.error).toEqual({
      status: 'ALREADY_EXISTS',
      message: catalogueIsbnMessage({
        title: 'The Age of Innocence',
        authorPath: `/authors/${SLUG}`,
        yours: false,
      }),
    });
    expect(copy.error?.message).toContain('Claim it rather than listing a second copy');
    expect((await db.collection('books').where('user_id', '==', author.uid).get()).size).toBe(0);
    expect((await db.doc(`isbn_claims/${ISBN}`).get()).get('book_id')).toBe(bookId);
  });

  it('tells the claimant the book is theirs already', async () => {
    await db.doc(`books/${bookId}`).update({ claimed_by: author.uid });
    const copy = await saveBook(author, { title: 'The Age of Innocence', isbn: ISBN });
    expect(copy.error?.message).toBe(
      catalogueIsbnMessage({ title: 'The Age of Innocence', authorPath: `/authors/${SLUG}`, yours: true }),
    );
  });

  it("keeps the plain refusal for another member's listed book", async () => {
    const first = await saveBook(publisher, { title: 'Salt', isbn: '9781861972712' });
    expect(first.error).toBeUndefined();
    const copy = await saveBook(author, { title: 'Salt', isbn: '9781861972712' });
    expect(copy.error).toEqual({ status: 'ALREADY_EXISTS', message: ISBN_MESSAGES.taken });
  });
});
