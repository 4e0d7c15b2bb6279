// A member's data file and the deletion of their account cover every document
// the site keeps about them, wherever it lives: a member with one of each is
// exported whole and then deleted without a trace (on the emulators, calling the
// export and the deletion job directly).
import { beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { localMediaRoot, localMediaStore } from '../../../src/data/server/media/media-store';
import { memberExport } from '../../../functions/src/members/export-data';
import { finishDeletion, recordDeletion } from '../../../functions/src/members/delete-account';
import { throttleKey } from '../../../functions/src/accounts/throttle';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { adData, bookData, productData } from '../helpers/factories';
import { makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

/** Throttles counted per member uid, as the callables write them: requestEmailChange, resendVerificationEmail, contactSeller. */
const THROTTLES_BY_UID = [
  'email-change',
  'resend-verification',
  'seller-message',
  'shelf-member',
  'reading-export',
  'reading-import',
];

/** Gives the member one document of every kind the site keeps about a member; returns their paths. */
async function seedEverything(member: Member) {
  const uid = member.uid;
  const at = Timestamp.fromDate(new Date('2025-05-01T10:00:00Z'));
  const slug = (await db.doc(`profiles/${uid}`).get()).get('page_slug') as string;
  await db.doc(`page_slugs/${slug}`).set({ uid, claimed_at: at });
  await db.doc(`profiles/${uid}/private/notifications`).set({ approval_status_notified: 'approved' });
  await db.doc(`profiles/${uid}/private/account`).set({ email: member.email, email_verified_at: at });
  // A subscription that already ended: deleting the account has nothing to cancel in Stripe.
  await db.doc(`profiles/${uid}/private/billing`).set({
    customer_id: `cus_${uid}`,
    subscription: {
      id: `sub_${uid}`,
      status: 'canceled',
      current_period_end: null,
      cancel_at_period_end: false,
      trial_end: null,
    },
    trial_used: false,
    grant: null,
  });
  await db.doc(`billing_customers/cus_${uid}`).set({ uid });
  // A past-due grace's marker (the billing record, exported above, says the same).
  await db.doc(`billing_grace/${uid}`).set({ ends_at: at });
  await db
    .doc(`profiles/${uid}/private/email_change`)
    .set({ old_email: member.email, new_email: 'new@example.com', requested_at: at });
  const book = await db.collection('books').add(bookData(uid));
  // A review the member wrote of someone else's book (written as saveReview writes it).
  const reviewed = await db
    .collection('books')
    .add(bookData(`other-${uid}`, { rating_count: 1, rating_sum: 4 }));
  const review = `book_reviews/${reviewed.id}__${uid}`;
  await db.doc(review).set({
    book_id: reviewed.id,
    book_title: 'Reviewed',
    user_id: uid,
    reviewer: { display_name: 'Reviewer', page_slug: null },
    rating: 4,
    text: 'Good',
    created_at: at,
    updated_at: at,
  });
  // The same book on the member's shelf (as setShelf writes it), and their shelves private.
  const shelf = `book_shelves/${reviewed.id}__${uid}`;
  await db.doc(shelf).set({
    book_id: reviewed.id,
    book_title: 'Reviewed',
    user_id: uid,
    shelf: 'read',
    updated_at: at,
  });
  await db.doc(`shelf_settings/${uid}`).set({ private: true, updated_at: at });
  // Their read-through of it and their reading year (as the reading functions write them).
  const readThrough = await db.collection('read_throughs').add({
    user_id: uid,
    book_id: reviewed.id,
    book_title: 'Reviewed',
    started_at: at,
    finished_at: at,
    progress_page: null,
    progress_percent: 100,
    updated_at: at,
  });
  const readingYear = `reading_years/${uid}__2025`;
  await db.doc(readingYear).set({ user_id: uid, year: 2025, goal: 12, finished: 1, updated_at: at });
  // An import of their Goodreads history (with a chunk of rows still waiting) and a row not on Shelfmark yet.
  const readingImport = 'reading_imports/imp-' + uid;
  await db.doc(readingImport).set({
    user_id: uid,
    layout: 'goodreads',
    file_name: 'goodreads.csv',
    status: 'done',
    total: 1,
    created_at: at,
    updated_at: at,
  });
  await db.doc(`${readingImport}/chunks/0000`).set({ rows: [], done: false });
  const pendingReview = `import_pending_reviews/${book.id}__${uid}`;
  await db.doc(pendingReview).set({
    user_id: uid,
    book_id: book.id,
    book_title: 'Waiting',
    rating: 4,
    review: 'Mine to publish.',
    status: 'private',
    created_at: at,
  });
  const standing = `moderation_standing/${uid}__ad`;
  await db.doc(standing).set({
    user_id: uid,
    kind: 'ad',
    item_id: 'ad-hidden',
    decision: 'hidden',
    decided_by: 'admin-uid',
    decided_at: at,
  });
  // Their claim of a catalogue author page (author-claim.ts), pending.
  const authorClaim = `author_claims/jane-austen__${uid}`;
  await db.doc(authorClaim).set({
    slug: 'jane-austen',
    author_name: 'Jane Austen',
    user_id: uid,
    member_name: 'Member',
    status: 'pending',
    message: 'Mine.',
    reason: null,
    created_at: at,
  });
  const unmatched = `unmatched_reads/${uid}__abc`;
  await db.doc(unmatched).set({
    user_id: uid,
    title: 'Elsewhere',
    author: 'Someone',
    isbn13: null,
    import_id: 'imp',
    created_at: at,
  });
  // One of their own shelves with that book on it (as editCustomShelf and placeOnCustomShelf write them).
  const customShelf = `custom_shelves/cs-${uid}`;
  await db.doc(customShelf).set({
    user_id: uid,
    name: 'Beach',
    slug: 'beach',
    position: 0,
    book_count: 1,
    created_at: at,
    updated_at: at,
  });
  const customShelfBook = `custom_shelf_books/cs-${uid}__${reviewed.id}`;
  await db.doc(customShelfBook).set({
    shelf_id: `cs-${uid}`,
    user_id: uid,
    book_id: reviewed.id,
    book_title: 'Reviewed',
    book_public: true,
    added_at: at,
  });
  // A moderator once hid a review of theirs of that book (the decision outlives the review).
  const decision = `review_decisions/${reviewed.id}__${uid}`;
  await db.doc(decision).set({ book_id: reviewed.id, user_id: uid, decision: 'hidden', decided_at: at });
  const product = await db.collection('products_services').add(productData(uid));
  const ad = await db.collection('classified_ads').add(adData(uid, { contact_method: 'email' }));
  await ad.collection('private').doc('contact').set({ contact_info: member.email });
  await db.doc(`newsletter_preferences/${uid}`).set({ unsubscribed: true, updated_at: at });
  await db.doc(`plan_locks/${uid}`).set({ books: at });
  const throttles = THROTTLES_BY_UID.map((kind) => `throttles/${throttleKey({ kind, value: uid })}`);
  await Promise.all(throttles.map((path) => db.doc(path).set({ attempts: [at.toMillis()], updated_at: at })));
  const newsletter = await db
    .collection('newsletters')
    .add({ title: 'Spring letter', content: 'Hello', sent_at: at, created_at: at });
  await newsletter.collection('deliveries').doc(uid).set({ status: 'sent', sent_at: at });
  // The member's own address also subscribed as a visitor (the newsletters' sign-up form).
  const subscription = `newsletter_subscribers/${emailHash(member.email)}`;
  await db.doc(subscription).set({ email: member.email, confirmed_at: at });
  // An update the member posted to their followers.
  const update = await db.collection('author_updates').add({
    user_id: uid,
    author_slug: slug,
    title: 'News',
    body: 'The sequel is written.',
    book: null,
    moderation_hidden: false,
    created_at: at,
  });
  // Its mail to the member's instant followers (a marker, a batch and a delivery: follow ids only).
  const updateMail = `update_mail/${update.id}`;
  await db.doc(updateMail).set({ author_uid: uid, released_at: at, completed_at: at });
  await db.doc(`${updateMail}/batches/0000`).set({ follow_ids: ['f1'], done: true, created_at: at });
  await db.doc(`${updateMail}/deliveries/f1`).set({ status: 'sent', sent_at: at });
  return {
    ids: {
      slug,
      book: book.id,
      product: product.id,
      ad: ad.id,
      newsletter: newsletter.id,
      review,
      reviewed,
      shelf,
      decision,
      update: update.id,
      readThrough: readThrough.id,
      readingYear,
      readingImport,
      unmatched,
      pendingReview,
      standing,
      authorClaim,
      customShelf,
      customShelfBook,
    },
    owned: [
      `profiles/${uid}`,
      `profiles/${uid}/private/notifications`,
      `profiles/${uid}/private/account`,
      `profiles/${uid}/private/billing`,
      `billing_customers/cus_${uid}`,
      `billing_grace/${uid}`,
      `profiles/${uid}/private/email_change`,
      `page_slugs/${slug}`,
      `books/${book.id}`,
      `products_services/${product.id}`,
      `classified_ads/${ad.id}`,
      `classified_ads/${ad.id}/private/contact`,
      `author_updates/${update.id}`,
      updateMail,
      `${updateMail}/batches/0000`,
      `${updateMail}/deliveries/f1`,
      review,
      shelf,
      decision,
      `read_throughs/${readThrough.id}`,
      readingYear,
      readingImport,
      `${readingImport}/chunks/0000`,
      unmatched,
      pendingReview,
      standing,
      authorClaim,
      customShelf,
      customShelfBook,
      `newsletter_preferences/${uid}`,
      `plan_locks/${uid}`,
      `shelf_settings/${uid}`,
      ...throttles,
      subscription,
    ],
  };
}

async function existing(paths: string[]): Promise<string[]> {
  const found = await Promise.all(
    paths.map(async (path) => ((await db.doc(path).get()).exists ? path : null)),
  );
  return found.filter((path): path is string => path !== null);
}

beforeEach(async () => {
  await clearFirestore();
});

describe('what the site keeps about a member', () => {
  it('the data file holds every record kept about the member', async () => {
    const member = await makeMember();
    const { ids } = await seedEverything(member);

    const file = await memberExport(db, member.uid);

    expect(file.private_records.map((record) => record.id).sort()).toEqual([
      'account',
      'billing',
      'email_change',
      'notifications',
    ]);
    expect(file.page_slugs.map((claim) => claim.id)).toEqual([ids.slug]);
    expect(file.books.map((book) => book.id)).toEqual([ids.book]);
    expect(file.products_services.map((product) => product.id)).toEqual([ids.product]);
    expect(file.book_reviews).toEqual([expect.objectContaining({ id: ids.review.split('/')[1], rating: 4 })]);
    expect(file.book_shelves).toEqual([
      expect.objectContaining({ id: ids.shelf.split('/')[1], shelf: 'read' }),
    ]);
    expect(file.review_decisions).toEqual([
      expect.objectContaining({ id: ids.decision.split('/')[1], decision: 'hidden' }),
    ]);
    expect(file.classified_ads).toEqual([
      expect.objectContaining({ id: ids.ad, contact_info: member.email }),
    ]);
    expect(file.author_updates).toEqual([expect.objectContaining({ id: ids.update, title: 'News' })]);
    expect(file.read_throughs).toEqual([
      expect.objectContaining({ id: ids.readThrough, finished_at: '2025-05-01T10:00:00.000Z' }),
    ]);
    expect(file.reading_imports).toEqual([expect.objectContaining({ file_name: 'goodreads.csv' })]);
    expect(file.unmatched_reads).toEqual([expect.objectContaining({ title: 'Elsewhere' })]);
    expect(file.import_pending_reviews).toEqual([expect.objectContaining({ rating: 4, status: 'private' })]);
    expect(file.moderation_standing).toEqual([expect.objectContaining({ kind: 'ad', item_id: 'ad-hidden' })]);
    expect(file.author_claims).toEqual([expect.objectContaining({ slug: 'jane-austen', status: 'pending' })]);
    expect(file.reading_years).toEqual([
      expect.objectContaining({ id: ids.readingYear.split('/')[1], goal: 12, finished: 1 }),
    ]);
    expect(file.custom_shelves).toEqual([
      expect.objectContaining({ id: ids.customShelf.split('/')[1], name: 'Beach', book_count: 1 }),
    ]);
    expect(file.custom_shelf_books).toEqual([
      expect.objectContaining({ id: ids.customShelfBook.split('/')[1], book_title: 'Reviewed' }),
    ]);
    expect(file.consents.newsletter).toMatchObject({
      subscribed: false,
      changed_at: '2025-05-01T10:00:00.000Z',
      visitor_subscription: { email: member.email, confirmed_at: '2025-05-01T10:00:00.000Z' },
    });
    expect(file.member_records).toEqual([
      {
        id: member.uid,
        collection: 'newsletter_preferences',
        unsubscribed: true,
        updated_at: '2025-05-01T10:00:00.000Z',
      },
      { id: member.uid, collection: 'plan_locks', books: '2025-05-01T10:00:00.000Z' },
      { id: member.uid, collection: 'shelf_settings', private: true, updated_at: '2025-05-01T10:00:00.000Z' },
    ]);
    expect(file.newsletters_received).toEqual([
      { id: ids.newsletter, title: 'Spring letter', status: 'sent', sent_at: '2025-05-01T10:00:00.000Z' },
    ]);
  });

  it('a member who never chose is shown as subscribed, with no records of their own', async () => {
    const member = await makeMember();
    const file = await memberExport(db, member.uid);
    expect(file.consents.newsletter).toMatchObject({
      subscribed: true,
      changed_at: null,
      visitor_subscription: null,
    });
    expect(file.member_records).toEqual([]);
    expect(file.newsletters_received).toEqual([]);
  });

  it('deleting the account removes every record kept under the member, and only theirs', async () => {
    const member = await makeMember();
    const bystander = await makeMember();
    const { owned, ids } = await seedEverything(member);
    const kept = (await seedEverything(bystander)).owned;

    await recordDeletion(db, member.uid, member.uid);
    await finishDeletion(db, member.uid, localMediaStore(localMediaRoot()));

    expect(await existing(owned)).toEqual([]);
    expect(await existing(kept)).toEqual(kept);
    // The deleted member's rating came off the book's totals.
    expect((await ids.reviewed.get()).data()).toMatchObject({ rating_count: 0, rating_sum: 0 });
  });
});
