// Reports against the emulator: POST /api/report (as a server instance runs it)
// and its store, src/data/server/reports/reports.ts. One open report per reporter per
// item, also when two arrive at once; a report after the earlier one was closed;
// an unknown item; a flood from one client refused with 429 whoever it claims to be.
import type { APIContext } from 'astro';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_LIMITS_PER_CLIENT, REPORTS, type ReportRequest } from '../../../src/domain/reports/report';
import { clientHash, reportId, submitReport } from '../../../src/data/server/reports/reports';
import { POST } from '../../../src/pages/api/report';
import { adminDb, clearFirestore, uniqueId } from '../helpers/emulator';
import { bookData, profileData } from '../helpers/factories';

const db = adminDb();

async function post(body: Record<string, string>, clientAddress: string): Promise<Response> {
  const url = new URL('http://127.0.0.1:4329/api/report');
  const request = new Request(url, {
    method: 'POST',
    headers: { Origin: url.origin, Host: url.host, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return (await POST({ request, url, clientAddress, params: {} } as unknown as APIContext)) as Response;
}

async function aBook(): Promise<string> {
  const uid = uniqueId('author');
  const bookId = uniqueId('book');
  await db.doc(`profiles/${uid}`).set(profileData(uid));
  await db.doc(`books/${bookId}`).set(bookData(uid, { owner_public: true, is_public: true }));
  return bookId;
}

const openReportsOf = async (itemKey: string) =>
  (await db.collection(REPORTS).where('item_key', '==', itemKey).where('status', '==', 'open').get()).size;

beforeEach(async () => {
  await clearFirestore();
});

describe('a report', () => {
  it('is stored once per visitor per item, the note as plain text, and again after the first was closed', async () => {
    const bookId = await aBook();
    const body = { kind: 'book', itemId: bookId, reason: 'spam', note: '<script>alert(1)</script>' };
    expect((await post(body, '198.51.100.7')).status).toBe(200);
    const again = await post(body, '198.51.100.7');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: expect.stringContaining('already reported') });
    expect((await post(body, '198.51.100.8')).status).toBe(200);
    expect(await openReportsOf(`book:${bookId}`)).toBe(2);

    const request: ReportRequest = { kind: 'book', itemId: bookId, reason: 'spam', note: '' };
    const ref = db
      .collection(REPORTS)
      .doc(reportId(request, { kind: 'visitor', client_hash: clientHash('198.51.100.7') }));
    const stored = (await ref.get()).data();
    expect(stored).toMatchObject({
      item: { kind: 'book', id: bookId },
      reason: 'spam',
      note: '<script>alert(1)</script>',
      reporter: { kind: 'visitor', client_hash: clientHash('198.51.100.7') },
      status: 'open',
    });
    expect(JSON.stringify(stored)).not.toContain('198.51.100.7');

    await ref.update({ status: 'dismissed' });
    expect((await post(body, '198.51.100.7')).status).toBe(200);
    expect((await ref.get()).get('status')).toBe('open');
  });

  it('is one open report when the same member sends two at once', async () => {
    const bookId = await aBook();
    const request: ReportRequest = { kind: 'book', itemId: bookId, reason: 'wrong', note: '' };
    const reporter = { kind: 'member' as const, uid: 'member-1' };
    const outcomes = await Promise.all([
      submitReport(db, request, reporter, '192.0.2.1'),
      submitReport(db, request, reporter, '192.0.2.2'),
    ]);
    expect(outcomes.sort()).toEqual(['already', 'sent']);
    expect(await openReportsOf(`book:${bookId}`)).toBe(1);
  });

  it('of an item that does not exist is refused and stores nothing', async () => {
    const response = await post(
      { kind: 'review', itemId: 'no-such-review', reason: 'offensive' },
      '192.0.2.9',
    );
    expect(response.status).toBe(404);
    expect((await db.collection(REPORTS).get()).size).toBe(0);
  });

  it('of an item visitors cannot see is answered as a missing one and files nothing', async () => {
    const pending = uniqueId('pending');
    const hiddenOwner = uniqueId('deactivated');
    const owner = uniqueId('owner');
    const book = uniqueId('book');
    await Promise.all([
      db.doc(`profiles/${pending}`).set(profileData(pending, { approval_status: 'pending' })),
      db.doc(`profiles/${hiddenOwner}`).set(profileData(hiddenOwner, { is_active: false })),
      db.doc(`profiles/${owner}`).set(profileData(owner)),
      db.doc(`books/${book}`).set(bookData(owner, { owner_public: true, is_public: true })),
      db.doc('books/hidden-book').set(bookData(owner, { moderation_hidden: true, is_public: false })),
      db
        .doc('products_services/of-hidden-owner')
        .set({ user_id: hiddenOwner, title: 'Edits', is_active: true }),
      db.doc('products_services/disabled').set({ user_id: owner, title: 'Edits', is_active: false }),
      db
        .doc('classified_ads/hidden-ad')
        .set({ user_id: owner, title: 'Shelf', is_active: true, moderation_hidden: true }),
      db
        .doc('book_reviews/held')
        .set({ book_id: book, user_id: pending, reviewer_public: false, moderation: 'held' }),
      db
        .doc('book_reviews/hidden')
        .set({ book_id: book, user_id: owner, reviewer_public: false, moderation_hidden: true }),
      db
        .doc('book_reviews/of-hidden-book')
        .set({ book_id: 'hidden-book', user_id: owner, reviewer_public: true }),
      db.doc('blog_posts/draft').set({ title: 'Draft', is_published: false }),
      db.doc('blog_posts/hidden-post').set({ title: 'Hidden', is_published: true, moderation_hidden: true }),
    ]);
    // Each from its own client, so the hourly limit per client stays out of the way.
    const missing = await post({ kind: 'review', itemId: 'no-such-review', reason: 'spam' }, '192.0.2.30');
    const missingAnswer = { status: missing.status, body: await missing.json() };
    for (const [n, [kind, itemId]] of (
      [
        ['profile', pending],
        ['profile', hiddenOwner],
        ['book', 'hidden-book'],
        ['product', 'of-hidden-owner'],
        ['product', 'disabled'],
        ['ad', 'hidden-ad'],
        ['review', 'held'],
        ['review', 'hidden'],
        ['review', 'of-hidden-book'],
        ['post', 'draft'],
        ['post', 'hidden-post'],
      ] satisfies [string, string][]
    ).entries()) {
      const response = await post({ kind, itemId, reason: 'spam' }, `192.0.2.${40 + n}`);
      expect({ status: response.status, body: await response.json() }, `${kind} ${itemId}`).toEqual(
        missingAnswer,
      );
    }
    expect((await db.collection(REPORTS).get()).size).toBe(0);
    // The same kinds, public, are filed.
    await db.doc('book_reviews/shown').set({ book_id: book, user_id: owner, reviewer_public: true });
    await db.doc('blog_posts/live').set({ title: 'Live', is_published: true });
    await db.doc('classified_ads/live-ad').set({ user_id: owner, title: 'Shelf', is_active: true });
    for (const [kind, itemId] of [
      ['profile', owner],
      ['review', 'shown'],
      ['post', 'live'],
      ['ad', 'live-ad'],
    ] as const)
      expect((await post({ kind, itemId, reason: 'spam' }, '192.0.2.31')).status, `${kind} ${itemId}`).toBe(
        200,
      );
    expect((await db.collection(REPORTS).get()).size).toBe(4);
  });

  it('flood from one client gets 429 once the hourly limit is used, on any item', async () => {
    const bookId = await aBook();
    const hourly = REPORT_LIMITS_PER_CLIENT[0]!.max;
    const client = '203.0.113.50';
    for (let i = 0; i < hourly; i += 1) {
      const response = await post({ kind: 'book', itemId: bookId, reason: 'spam' }, client);
      expect(response.status).toBe(200);
    }
    const refused = await post({ kind: 'profile', itemId: 'another', reason: 'spam' }, client);
    expect(refused.status).toBe(429);
    expect((await post({ kind: 'book', itemId: bookId, reason: 'spam' }, '203.0.113.51')).status).toBe(200);
    expect(await openReportsOf(`book:${bookId}`)).toBe(2);
  });
});
