// adminModeration on the emulators: only admins see the queue or act; the queue
// groups open reports by item with the item in place; hiding a review takes it
// off the book page's query and out of the totals, mails the reviewer the reason
// and writes the audit entry; restoring brings it back; a hidden book is no longer
// public; a hidden product/service, classified ad or blog post leaves its page
// (the page loaders answer not-found), the profile list, the market, the sitemap,
// the blog feed and search, its owner is mailed (nobody for a blog post), an
// owner's save does not bring it back, and restore undoes it all; dismiss closes
// reports; warn mails; every action is in the audit log.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_AUDIT_COLLECTION } from '../../../src/domain/shared/collections';
import type { AdminModerationResponse, ModerationQueueEntry } from '../../../src/domain/admin/moderation';
import { REPORTS, reportItemKey, type ReportItemKind } from '../../../src/domain/reports/report';
import { reviewId, type SaveReviewResponse } from '../../../src/domain/reviews/review';
import { getPublicAd } from '../../../src/data/server/market/classified-ads';
import { getPublishedBlogPosts } from '../../../src/data/server/editorial/editorial';
import { getActiveProductsOf } from '../../../src/data/server/members/member-items';
import { loadProductPage } from '../../../src/data/server/items/product-page';
import { getActiveAdEntries, getActiveProductEntries } from '../../../src/data/server/site/sitemap';
import { MARKET_COLLECTION, marketEntryId, type MarketSource } from '../../../src/domain/market/market-entry';
import { SEARCH_CHANGES } from '../../../src/domain/search/search-sync';
import { PUBLISH_STATUS_PATH } from '../../../src/domain/publish/publish';
import { listHeldReviews, releaseHeldReview } from '../../../functions/src/reviews/held-reviews';
import { adminDb, clearFirestore, eventually } from '../helpers/emulator';
import { adData, bookData, productData } from '../helpers/factories';
import { useMailbox } from '../helpers/mailbox';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();
const mailbox = useMailbox();

const moderation = (caller: Member | undefined, data: Record<string, unknown>) =>
  callAs<AdminModerationResponse>('adminModeration', caller, data);

let admin: Member;
let author: Member;
let reader: Member;
let bookId: string;

async function report(kind: ReportItemKind, id: string, n: number, minutesAgo: number, note = '') {
  await db
    .collection(REPORTS)
    .doc(`${kind}-${id}-${n}`)
    .set({
      item: { kind, id },
      item_key: reportItemKey(kind, id),
      reason: n % 2 ? 'offensive' : 'spam',
      note,
      reporter: { kind: 'member', uid: `reporter-${n}` },
      status: 'open',
      created_at: Timestamp.fromMillis(Date.now() - minutesAgo * 60_000),
    });
}

async function auditEntries(action: string) {
  const snap = await db.collection(ADMIN_AUDIT_COLLECTION).where('action', '==', action).get();
  return snap.docs.map((doc) => doc.data());
}

async function openReports(kind: ReportItemKind, id: string) {
  return (
    await db
      .collection(REPORTS)
      .where('item_key', '==', reportItemKey(kind, id))
      .where('status', '==', 'open')
      .get()
  ).size;
}

/** Whether the market lists the item now. */
async function inMarket(source: MarketSource, id: string): Promise<boolean> {
  return (await db.collection(MARKET_COLLECTION).doc(marketEntryId(source, id)).get()).exists;
}

/** Whether the search change log's latest entry for `docId` finds the item (undefined: none recorded yet). */
async function searchFinds(docId: string): Promise<boolean | undefined> {
  const snap = await db.collection(SEARCH_CHANGES).where('doc_id', '==', docId).get();
  const latest = snap.docs
    .map((doc) => doc.data())
    .sort((a, b) => a.changed_at.toMillis() - b.changed_at.toMillis())
    .at(-1);
  return latest ? latest.document !== null : undefined;
}

const WAIT_MS = 60_000;

beforeEach(async () => {
  await clearFirestore();
  admin = await makeMember({ admin: true, profile: { role: 'Admin' } });
  author = await makeMember();
  reader = await makeMember({ profile: { display_name: 'Rae Reader', page_slug: 'rae' } });
  bookId = (
    await db
      .collection('books')
      .add(bookData(author.uid, { title: 'Tides', owner_public: true, is_public: true }))
  ).id;
});

describe('adminModeration', () => {
  it('refuses members, visitors and a self-styled Admin profile: no queue, no hide, no restore, no dismiss', async () => {
    await report('book', bookId, 1, 5);
    const selfStyled = await makeMember({ profile: { role: 'Admin' } });
    for (const caller of [undefined, author, reader, selfStyled]) {
      expect((await moderation(caller, { action: 'list' })).error).toBeDefined();
      for (const action of ['hide', 'restore', 'dismiss'])
        expect(
          (await moderation(caller, { action, kind: 'book', itemId: bookId, reason: 'x' })).error,
        ).toBeDefined();
    }
    const book = await db.doc(`books/${bookId}`).get();
    expect(book.get('moderation_hidden')).toBeUndefined();
    expect(await openReports('book', bookId)).toBe(1);
    expect(await auditEntries('moderation-hide')).toEqual([]);
  });

  it('lists open reports grouped by item, most reported then oldest first, notes as typed, with the item in place', async () => {
    await report('book', bookId, 1, 10, '<script>alert(1)</script>');
    await report('profile', author.uid, 1, 60);
    await report('book', bookId, 2, 5);
    const answer = await moderation(admin, { action: 'list' });
    const queue = (answer.result as { queue: ModerationQueueEntry[] }).queue;
    expect(queue.map((entry) => `${entry.kind}:${entry.id}`)).toEqual([
      `book:${bookId}`,
      `profile:${author.uid}`,
    ]);
    expect(queue[0]).toMatchObject({
      count: 2,
      reasons: { offensive: 1, spam: 1 },
      notes: ['<script>alert(1)</script>'],
      item: { title: 'Tides', path: `/book/${bookId}`, ownerUid: author.uid, hidden: false, exists: true },
    });
  });

  it('hides a review: off the book page and its totals, reports closed, the reviewer mailed, the audit written; restore brings it back', async () => {
    const saved = await callAs<SaveReviewResponse>('saveReview', reader, { bookId, rating: 2, text: 'Meh' });
    expect(saved.error).toBeUndefined();
    const id = reviewId(bookId, reader.uid);
    await report('review', id, 1, 3);
    const hidden = await moderation(admin, {
      action: 'hide',
      kind: 'review',
      itemId: id,
      reason: 'Personal attack',
    });
    expect(hidden.result).toMatchObject({ done: 'hide', reportsClosed: 1, mailed: true });
    const review = (await db.doc(`book_reviews/${id}`).get()).data();
    expect(review).toMatchObject({ moderation_hidden: true, reviewer_public: false });
    const book = await db.doc(`books/${bookId}`).get();
    expect([book.get('rating_count'), book.get('rating_sum')]).toEqual([0, 0]);
    expect(await openReports('review', id)).toBe(0);
    const mail = await mailbox.waitFor(reader.email, 'Your review was hidden', 30_000);
    expect(mail.text).toContain('Personal attack');
    expect(await auditEntries('moderation-hide')).toEqual([
      expect.objectContaining({
        actor_uid: admin.uid,
        target_uid: reader.uid,
        after: expect.objectContaining({ item_kind: 'review', item_id: id, reason: 'Personal attack' }),
      }),
    ]);

    // Editing a hidden review does not bring it back.
    await callAs<SaveReviewResponse>('saveReview', reader, { bookId, rating: 5, text: 'Edited' });
    expect((await db.doc(`book_reviews/${id}`).get()).get('reviewer_public')).toBe(false);
    expect((await db.doc(`books/${bookId}`).get()).get('rating_count')).toBe(0);

    const restored = await moderation(admin, {
      action: 'restore',
      kind: 'review',
      itemId: id,
      reason: 'Appeal upheld',
    });
    expect(restored.result).toMatchObject({ done: 'restore' });
    expect((await db.doc(`book_reviews/${id}`).get()).data()).toMatchObject({
      moderation_hidden: false,
      reviewer_public: true,
    });
    const after = await db.doc(`books/${bookId}`).get();
    expect([after.get('rating_count'), after.get('rating_sum')]).toEqual([1, 5]);
    expect(await auditEntries('moderation-restore')).toHaveLength(1);
  });

  it('a hidden review deleted and posted again goes to the held queue; releasing it lifts the decision', async () => {
    const id = reviewId(bookId, reader.uid);
    await callAs<SaveReviewResponse>('saveReview', reader, { bookId, rating: 1, text: 'Awful' });
    const hidden = await moderation(admin, { action: 'hide', kind: 'review', itemId: id, reason: 'Abuse' });
    expect(hidden.result).toMatchObject({ done: 'hide' });
    expect((await callAs('deleteReview', reader, { bookId })).error).toBeUndefined();
    expect((await db.doc(`book_reviews/${id}`).get()).exists).toBe(false);

    const again = await callAs<SaveReviewResponse>('saveReview', reader, {
      bookId,
      rating: 1,
      text: 'Awful',
    });
    expect(again.result).toMatchObject({ created: true, moderation: 'held' });
    expect((await db.doc(`book_reviews/${id}`).get()).data()).toMatchObject({
      moderation: 'held',
      reviewer_public: false,
    });
    expect((await db.doc(`books/${bookId}`).get()).get('rating_count')).toBe(0);
    expect((await listHeldReviews(db)).map((review) => review.user_id)).toEqual([reader.uid]);

    // A moderator releases it: shown, and the member's next review of the book is judged afresh.
    expect(await releaseHeldReview(db, bookId, reader.uid)).toBe(true);
    expect((await db.doc(`review_decisions/${id}`).get()).exists).toBe(false);
    await callAs('deleteReview', reader, { bookId });
    const fresh = await callAs<SaveReviewResponse>('saveReview', reader, { bookId, rating: 2 });
    expect(fresh.result).toMatchObject({ moderation: 'published' });
  });

  it('restoring a hidden review lifts the decision: a new review after deleting it is published', async () => {
    const id = reviewId(bookId, reader.uid);
    await callAs<SaveReviewResponse>('saveReview', reader, { bookId, rating: 3 });
    await moderation(admin, { action: 'hide', kind: 'review', itemId: id, reason: 'Spoilers' });
    expect((await db.doc(`review_decisions/${id}`).get()).get('decision')).toBe('hidden');
    await moderation(admin, { action: 'restore', kind: 'review', itemId: id, reason: 'Edited' });
    expect((await db.doc(`review_decisions/${id}`).get()).exists).toBe(false);
    await callAs('deleteReview', reader, { bookId });
    expect(
      (await callAs<SaveReviewResponse>('saveReview', reader, { bookId, rating: 3 })).result,
    ).toMatchObject({
      moderation: 'published',
    });
  });

  it('hides a book: no longer public (listings, search, direct reads follow is_public), until restored', async () => {
    await report('book', bookId, 1, 3);
    await moderation(admin, { action: 'hide', kind: 'book', itemId: bookId, reason: 'Plagiarised' });
    await eventually(
      async () => (await db.doc(`books/${bookId}`).get()).data(),
      (book) => book?.moderation_hidden === true && book.is_public === false,
    );
    await mailbox.waitFor(author.email, 'Your book was hidden', 30_000);
    await moderation(admin, { action: 'restore', kind: 'book', itemId: bookId, reason: 'Cleared' });
    await eventually(
      async () => (await db.doc(`books/${bookId}`).get()).data(),
      (book) => book?.moderation_hidden === false && book.is_public === true,
    );
  });

  it(
    'hides a product/service: its page, the profile list, the market, the sitemap and search drop it, the owner is mailed, a save keeps it hidden; restore brings it back',
    async () => {
      const id = (
        await db.collection('products_services').add(productData(author.uid, { title: 'Sower edits' }))
      ).id;
      await eventually(() => inMarket('products_services', id), Boolean, WAIT_MS);
      await eventually(
        () => searchFinds(`product_${id}`),
        (found) => found === true,
        WAIT_MS,
      );
      expect((await loadProductPage(id, db)).kind).toBe('found');
      await report('product', id, 1, 3);

      const hidden = await moderation(admin, {
        action: 'hide',
        kind: 'product',
        itemId: id,
        reason: 'Counterfeit',
      });
      expect(hidden.result).toMatchObject({ done: 'hide', reportsClosed: 1, mailed: true });
      expect((await db.doc(`products_services/${id}`).get()).get('moderation_hidden')).toBe(true);
      expect(await loadProductPage(id, db)).toEqual({ kind: 'not-found' });
      expect((await getActiveProductsOf(author.uid, 10, db)).map((item) => item.id)).toEqual([]);
      expect((await getActiveProductEntries(db)).map((entry) => entry.path)).toEqual([]);
      await eventually(
        () => inMarket('products_services', id),
        (listed) => !listed,
        WAIT_MS,
      );
      await eventually(
        () => searchFinds(`product_${id}`),
        (found) => found === false,
        WAIT_MS,
      );
      const mail = await mailbox.waitFor(author.email, 'Your product or service was hidden', 30_000);
      expect(mail.text).toContain('Counterfeit');
      expect(await auditEntries('moderation-hide')).toEqual([
        expect.objectContaining({
          actor_uid: admin.uid,
          target_uid: author.uid,
          before: { moderation_hidden: false },
          after: expect.objectContaining({ item_kind: 'product', item_id: id, moderation_hidden: true }),
        }),
      ]);
      const listed = (await moderation(admin, { action: 'list' })).result as {
        queue: ModerationQueueEntry[];
      };
      expect(listed.queue).toEqual([]);

      // The owner's editor saves every editable field, even with a forged flag: the flag stays.
      const saved = await callAs('saveProductService', author, {
        itemId: id,
        item: { title: 'Sower edits (new)', tags: [], moderation_hidden: false },
      });
      expect(saved.error).toBeUndefined();
      expect((await db.doc(`products_services/${id}`).get()).data()).toMatchObject({
        title: 'Sower edits (new)',
        moderation_hidden: true,
      });
      expect(await loadProductPage(id, db)).toEqual({ kind: 'not-found' });

      await moderation(admin, { action: 'restore', kind: 'product', itemId: id, reason: 'Appeal upheld' });
      expect((await loadProductPage(id, db)).kind).toBe('found');
      expect((await getActiveProductsOf(author.uid, 10, db)).map((item) => item.id)).toEqual([id]);
      expect((await getActiveProductEntries(db)).map((entry) => entry.path)).toEqual([
        `/product-service/${id}`,
      ]);
      await eventually(() => inMarket('products_services', id), Boolean, WAIT_MS);
      await eventually(
        () => searchFinds(`product_${id}`),
        (found) => found === true,
        WAIT_MS,
      );
      expect(await auditEntries('moderation-restore')).toEqual([
        expect.objectContaining({
          after: expect.objectContaining({ item_kind: 'product', moderation_hidden: false }),
        }),
      ]);
    },
    WAIT_MS * 3,
  );

  it(
    'hides a classified ad: its page answers as missing, the market, the sitemap and search drop it, the seller is mailed; restore brings it back',
    async () => {
      const id = (await db.collection('classified_ads').add(adData(author.uid, { title: 'Oak shelf' }))).id;
      await eventually(() => inMarket('classified_ads', id), Boolean, WAIT_MS);
      expect(await getPublicAd(id, db)).not.toBeNull();
      await report('ad', id, 1, 3);
      const queue = (
        (await moderation(admin, { action: 'list' })).result as { queue: ModerationQueueEntry[] }
      ).queue;
      expect(queue[0]?.item).toMatchObject({ title: 'Oak shelf', hidden: false, ownerUid: author.uid });

      await moderation(admin, { action: 'hide', kind: 'ad', itemId: id, reason: 'Stolen goods' });
      expect(await getPublicAd(id, db)).toBeNull();
      expect(await getActiveAdEntries(db)).toEqual([]);
      await eventually(
        () => inMarket('classified_ads', id),
        (listed) => !listed,
        WAIT_MS,
      );
      await eventually(
        () => searchFinds(`ad_${id}`),
        (found) => found === false,
        WAIT_MS,
      );
      const mail = await mailbox.waitFor(author.email, 'Your classified ad was hidden', 30_000);
      expect(mail.text).toContain('Stolen goods');
      expect(await auditEntries('moderation-hide')).toEqual([
        expect.objectContaining({ after: expect.objectContaining({ item_kind: 'ad', item_id: id }) }),
      ]);

      await moderation(admin, { action: 'restore', kind: 'ad', itemId: id, reason: 'Receipt shown' });
      expect(await getPublicAd(id, db)).not.toBeNull();
      expect((await getActiveAdEntries(db)).map((entry) => entry.path)).toEqual([`/classifieds/${id}`]);
      await eventually(() => inMarket('classified_ads', id), Boolean, WAIT_MS);
      await eventually(
        () => searchFinds(`ad_${id}`),
        (found) => found === true,
        WAIT_MS,
      );
      expect(await auditEntries('moderation-restore')).toHaveLength(1);
    },
    WAIT_MS * 3,
  );

  it(
    'hides a blog post: out of the pre-rendered lists and feed and of search, a rebuild recorded as for an unpublish, nobody mailed; restore brings it back',
    async () => {
      const when = Timestamp.fromDate(new Date('2026-11-01T10:00:00Z'));
      const id = (
        await db.collection('blog_posts').add({
          title: 'Ten Questions',
          author: 'Shelfmark Team',
          content: 'We asked ten members.',
          is_published: true,
          created_by: admin.uid,
          created_at: when,
          updated_at: when,
        })
      ).id;
      await eventually(
        () => searchFinds(`post_blog_${id}`),
        (found) => found === true,
        WAIT_MS,
      );
      expect((await getPublishedBlogPosts(10, db)).map((post) => post.id)).toEqual([id]);
      const publishStatus = async () => (await db.doc(PUBLISH_STATUS_PATH).get()).data();
      await eventually(publishStatus, (status) => status?.last_change === `blog_posts/${id}`, WAIT_MS);
      const before = (await publishStatus())!.last_change_at.toMillis() as number;
      await report('post', id, 1, 3);
      // A change is recorded at its event's time, which the emulator gives in whole
      // seconds: a hide within the same second as the publish would record no later time.
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, before + 1_100 - Date.now())));

      const hidden = await moderation(admin, {
        action: 'hide',
        kind: 'post',
        itemId: id,
        reason: 'Outdated',
      });
      expect(hidden.result).toMatchObject({ done: 'hide', reportsClosed: 1, mailed: false });
      expect(await getPublishedBlogPosts(10, db)).toEqual([]);
      await eventually(
        () => searchFinds(`post_blog_${id}`),
        (found) => found === false,
        WAIT_MS,
      );
      // The write goes through the blog_posts publish trigger: the site is rebuilt as after an unpublish.
      await eventually(
        publishStatus,
        (status) =>
          status?.last_change === `blog_posts/${id}` && (status.last_change_at.toMillis() as number) > before,
        WAIT_MS,
      );
      expect(await auditEntries('moderation-hide')).toEqual([
        expect.objectContaining({
          target_uid: null,
          after: expect.objectContaining({ item_kind: 'post', item_id: id }),
        }),
      ]);

      await moderation(admin, { action: 'restore', kind: 'post', itemId: id, reason: 'Updated' });
      expect((await getPublishedBlogPosts(10, db)).map((post) => post.id)).toEqual([id]);
      await eventually(
        () => searchFinds(`post_blog_${id}`),
        (found) => found === true,
        WAIT_MS,
      );
    },
    WAIT_MS * 3,
  );

  it('hides an update to followers: the flag set (the rules and the profile then leave it out), the author mailed; restore clears it', async () => {
    const ref = await db.collection('author_updates').add({
      user_id: author.uid,
      author_slug: 'the-author',
      title: 'Buy my book',
      body: 'Spam spam spam.',
      book: null,
      moderation_hidden: false,
      created_at: new Date(),
    });
    await report('update', ref.id, 2, 3);
    const queue = ((await moderation(admin, { action: 'list' })).result as { queue: ModerationQueueEntry[] })
      .queue;
    expect(queue[0]?.item).toMatchObject({
      title: 'Update: Buy my book',
      path: `/profile/the-author#update-${ref.id}`,
      hidden: false,
      ownerUid: author.uid,
    });
    await moderation(admin, { action: 'hide', kind: 'update', itemId: ref.id, reason: 'Spam' });
    expect((await ref.get()).get('moderation_hidden')).toBe(true);
    const mail = await mailbox.waitFor(author.email, 'Your update to followers was hidden', 30_000);
    expect(mail.text).toContain('Spam');
    await moderation(admin, { action: 'restore', kind: 'update', itemId: ref.id, reason: 'Fine after all' });
    expect((await ref.get()).get('moderation_hidden')).toBe(false);
  });

  it('dismisses reports without touching the item, warns by mail, and logs both', async () => {
    await report('book', bookId, 1, 3);
    await report('book', bookId, 2, 2);
    const dismissed = await moderation(admin, {
      action: 'dismiss',
      kind: 'book',
      itemId: bookId,
      reason: 'Not spam',
    });
    expect(dismissed.result).toMatchObject({ done: 'dismiss', reportsClosed: 2, mailed: false });
    expect(await openReports('book', bookId)).toBe(0);
    expect((await db.doc(`books/${bookId}`).get()).get('is_public')).toBe(true);
    const warned = await moderation(admin, {
      action: 'warn',
      kind: 'book',
      itemId: bookId,
      reason: 'Mind the tags',
    });
    expect(warned.result).toMatchObject({ done: 'warn', mailed: true });
    const mail = await mailbox.waitFor(author.email, 'A warning about your book', 30_000);
    expect(mail.text).toContain('Mind the tags');
    expect(await auditEntries('moderation-dismiss')).toHaveLength(1);
    expect(await auditEntries('moderation-warn')).toHaveLength(1);
  });

  it('deactivates the member through the admin users path', async () => {
    await report('profile', author.uid, 1, 3);
    const answer = await moderation(admin, {
      action: 'deactivate',
      kind: 'profile',
      itemId: author.uid,
      reason: 'Scam',
    });
    expect(answer.result).toMatchObject({ done: 'deactivate', reportsClosed: 1 });
    expect((await db.doc(`profiles/${author.uid}`).get()).get('is_active')).toBe(false);
    expect(await auditEntries('moderation-deactivate')).toHaveLength(1);
    expect(await auditEntries('set-active')).toHaveLength(1);
  });
});
