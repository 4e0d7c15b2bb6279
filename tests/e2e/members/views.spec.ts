// The view counter endpoint against the production build and the emulators: a
// visitor's first request of the day adds exactly one to an active item's
// views_count, and replays add nothing, even with forged address headers (the
// local server counts the socket address, as Netlify counts its own); nothing
// else (another site, a disabled or unknown item, an uncounted collection, a
// malformed id) changes any number or creates a document. The same holds for the
// owner's analytics (member_stats), which the counted view also adds to.
import type { APIRequestContext } from '@playwright/test';
import { FieldValue } from 'firebase-admin/firestore';
import { statsItemKey } from '../../../src/domain/members/member-stats';
import { VIEW_VISITORS } from '../../../src/data/server/members/views';
import { utcDay, viewEndpoint, type ViewCollection } from '../../../src/domain/items/views';
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember } from '../helpers/members';

/** The items' owner: a public member, since an item of a member who is not public counts no views. */
let OWNER = '';

async function item(collection: ViewCollection, isActive: boolean): Promise<string> {
  const ref = adminDb().collection(collection).doc();
  await ref.set({
    user_id: OWNER,
    title: 'View counter test item',
    is_active: isActive,
    views_count: 5,
    created_at: FieldValue.serverTimestamp(),
  });
  return ref.id;
}

async function viewsOf(collection: ViewCollection, id: string): Promise<unknown> {
  return (await adminDb().collection(collection).doc(id).get()).get('views_count');
}

function count(
  request: APIRequestContext,
  path: string,
  origin: string,
  extraHeaders: Record<string, string> = {},
) {
  return request.post(path, {
    headers: { Origin: origin, 'Content-Type': 'application/json', ...extraHeaders },
    data: '{}',
  });
}

test.describe('view counter', () => {
  const created: Array<[ViewCollection, string]> = [];
  test.beforeAll(async () => {
    OWNER = (await freshMember('Vera Views')).uid;
  });
  // Every browser test that opens a book, product or ad page posts a view from the same
  // loopback address, so a busy minute of the run can use up that address's limit. Each
  // test here starts with the address's attempts cleared, so it sees only its own.
  test.beforeEach(async () => {
    await adminDb().recursiveDelete(adminDb().collection(VIEW_VISITORS));
  });
  test.afterAll(async () => {
    await Promise.all(created.map(([collection, id]) => adminDb().collection(collection).doc(id).delete()));
    await adminDb().recursiveDelete(adminDb().doc(`member_stats/${OWNER}`));
  });

  for (const collection of ['products_services', 'classified_ads'] as const) {
    test(`counts one view per visitor per day of an active item of ${collection}, in its count and its owner's analytics, whatever address headers a replay forges`, async ({
      request,
      baseURL,
    }) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1:4321').origin;
      const id = await item(collection, true);
      created.push([collection, id]);
      const first = await count(request, viewEndpoint(collection, id), origin);
      expect(first.status()).toBe(204);
      expect(first.headers()['cache-control']).toContain('no-store');
      expect(await viewsOf(collection, id)).toBe(6);
      for (let i = 0; i < 10; i++) {
        const forged = {
          'X-Forwarded-For': `203.0.113.${i}`,
          'x-nf-client-connection-ip': `198.51.100.${i}`,
        };
        expect((await count(request, viewEndpoint(collection, id), origin, forged)).status()).toBe(204);
      }
      expect(await viewsOf(collection, id)).toBe(6);
      // The owner's analytics took the one view, and none of the replays.
      const day = (
        await adminDb()
          .doc(`member_stats/${OWNER}/days/${utcDay(Date.now())}`)
          .get()
      ).data();
      expect(day?.items?.[statsItemKey(collection, id)]?.views).toBe(1);
    });
  }

  test('refuses a disabled item, an unknown item and another site, changing nothing', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1:4321').origin;
    const disabled = await item('products_services', false);
    const active = await item('classified_ads', true);
    created.push(['products_services', disabled], ['classified_ads', active]);

    const refusedDisabled = await count(request, viewEndpoint('products_services', disabled), origin);
    expect(refusedDisabled.status()).toBe(404);
    expect(await refusedDisabled.json()).toEqual({ error: 'Item not found.' });
    expect(await viewsOf('products_services', disabled)).toBe(5);

    expect(
      (await count(request, viewEndpoint('classified_ads', 'no-such-ad-for-views'), origin)).status(),
    ).toBe(404);
    expect((await adminDb().collection('classified_ads').doc('no-such-ad-for-views').get()).exists).toBe(
      false,
    );

    const crossSite = await count(
      request,
      viewEndpoint('classified_ads', active),
      'https://elsewhere.example',
    );
    expect(crossSite.status()).toBe(403);
    expect(
      (
        await request.post(viewEndpoint('classified_ads', active), {
          headers: { 'Content-Type': 'application/json' },
          data: '{}',
        })
      ).status(),
    ).toBe(403);
    expect(await viewsOf('classified_ads', active)).toBe(5);
  });

  test('refuses collections that do not count views and malformed ids', async ({ request, baseURL }) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1:4321').origin;
    for (const path of [
      '/api/views/member_stats/abc',
      '/api/views/view_marks/abc',
      `/api/views/classified_ads/${'x'.repeat(129)}`,
      '/api/views/classified_ads/a%20b',
    ]) {
      const response = await count(request, path, origin);
      expect(response.status(), path).toBe(400);
      expect(await response.json()).toEqual({ error: 'Unknown item.' });
    }
  });
});
