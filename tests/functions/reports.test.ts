// Reports against the emulator: POST /api/report (as a server instance runs it)
// and its store, src/data/server/reports.ts. One open report per reporter per
// item, also when two arrive at once; a report after the earlier one was closed;
// an unknown item; a flood from one client refused with 429 whoever it claims to be.
import type { APIContext } from 'astro';
import { beforeEach, describe, expect, it } from 'vitest';
import { REPORT_LIMITS_PER_CLIENT, REPORTS, type ReportRequest } from '../../src/domain/report';
import { clientHash, reportId, submitReport } from '../../src/data/server/reports';
import { POST } from '../../src/pages/api/report';
import { adminDb, clearFirestore, uniqueId } from './emulator';
import { bookData, profileData } from './factories';

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
  await db.doc(`books/${bookId}`).set(bookData(uid));
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
