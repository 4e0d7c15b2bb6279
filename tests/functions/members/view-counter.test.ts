// The view counter against the Firestore emulator, through the site's endpoint
// as each server instance runs it: a replayed view counts once per visitor per
// day, the per-visitor limit holds across server instances (kept in Firestore,
// not in a process), and nothing it keeps names a client address.
// tests/unit/security/client-address.test.ts proves that the local server gives
// the endpoint the socket address, whatever address headers a client writes.
import type { APIContext } from 'astro';
import { FieldValue } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { utcDay, VIEWS_PER_CLIENT_PER_MINUTE, type ViewCollection } from '../../../src/domain/items/views';
import { adminDb, clearFirestore, uniqueId } from '../helpers/emulator';
import { profileData } from '../helpers/factories';

const db = adminDb();

type Endpoint = typeof import('../../../src/pages/api/views/[collection]/[id]');

/** A fresh copy of the endpoint module: what one more server instance (its own memory) would run. */
async function serverInstance(): Promise<Endpoint> {
  vi.resetModules();
  return import('../../../src/pages/api/views/[collection]/[id]');
}

async function item(collection: ViewCollection, owner = 'owner'): Promise<string> {
  const id = uniqueId('viewed');
  // A product's or ad's views count only while its owner is public.
  if (collection === 'products_services' || collection === 'classified_ads') {
    const ownerRef = db.doc(`profiles/${owner}`);
    if (!(await ownerRef.get()).exists) await ownerRef.set(profileData(owner));
  }
  await db
    .collection(collection)
    .doc(id)
    .set({
      user_id: owner,
      title: 'Viewed item',
      is_active: true,
      ...(collection === 'books' ? { is_public: true } : {}),
      ...(collection === 'products_services' || collection === 'classified_ads' ? { views_count: 0 } : {}),
      ...(collection === 'profiles'
        ? { user_id: id, display_name: 'Viewed member', approval_status: 'approved' }
        : {}),
      created_at: FieldValue.serverTimestamp(),
    });
  return id;
}

/** The owner's analytics of today (what src/data/server/members/views.ts wrote). */
async function today(owner: string) {
  const day = utcDay(Date.now());
  return (await db.doc(`member_stats/${owner}/days/${day}`).get()).data();
}

const viewsOf = async (collection: ViewCollection, id: string) =>
  (await db.collection(collection).doc(id).get()).get('views_count') as number;

/** A desktop browser's User-Agent: the counter leaves bots (and requests without one) out. */
const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** One POST from `clientAddress`, as the platform gives it to Astro. */
async function view(
  endpoint: Endpoint,
  collection: ViewCollection,
  id: string,
  clientAddress: string,
  userAgent: string = BROWSER,
): Promise<number> {
  const url = new URL(`http://127.0.0.1:4329/api/views/${collection}/${id}`);
  const request = new Request(url, {
    method: 'POST',
    headers: {
      Origin: url.origin,
      Host: url.host,
      'Content-Type': 'application/json',
      'User-Agent': userAgent,
    },
    body: '{}',
  });
  const response = (await endpoint.POST({
    params: { collection, id },
    request,
    url,
    clientAddress,
  } as unknown as APIContext)) as Response;
  return response.status;
}

beforeEach(async () => {
  await clearFirestore();
});

describe('view counter', () => {
  it('counts a view replayed 10 times by one visitor once', async () => {
    const endpoint = await serverInstance();
    const id = await item('classified_ads');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push(await view(endpoint, 'classified_ads', id, '203.0.113.5'));
    // Every replay gets the same answer as the first: it learns nothing.
    expect(statuses).toEqual(Array(10).fill(204));
    expect(await viewsOf('classified_ads', id)).toBe(1);
  });

  it('counts each visitor and each item once', async () => {
    const endpoint = await serverInstance();
    const first = await item('products_services');
    const second = await item('products_services');
    for (const address of ['203.0.113.5', '203.0.113.5', '198.51.100.7'])
      await view(endpoint, 'products_services', first, address);
    await view(endpoint, 'products_services', second, '203.0.113.5');
    expect(await viewsOf('products_services', first)).toBe(2);
    expect(await viewsOf('products_services', second)).toBe(1);
  });

  it(`holds the limit of ${VIEWS_PER_CLIENT_PER_MINUTE} a minute across two server instances`, async () => {
    const one = await serverInstance();
    const two = await serverInstance();
    expect(one).not.toBe(two);
    const ids = await Promise.all([item('classified_ads'), item('classified_ads')]);
    const half = VIEWS_PER_CLIENT_PER_MINUTE / 2;
    for (let i = 0; i < half; i++) {
      expect(await view(one, 'classified_ads', ids[0]!, '203.0.113.9')).toBe(204);
      expect(await view(two, 'classified_ads', ids[1]!, '203.0.113.9')).toBe(204);
    }
    expect(await view(one, 'classified_ads', ids[0]!, '203.0.113.9')).toBe(429);
    expect(await view(two, 'classified_ads', ids[1]!, '203.0.113.9')).toBe(429);
    // Another visitor still counts.
    expect(await view(two, 'classified_ads', ids[1]!, '198.51.100.7')).toBe(204);
    expect(await viewsOf('classified_ads', ids[1]!)).toBe(2);
  });

  it('keeps no client address: visitors are salted hashes, and every record expires', async () => {
    const endpoint = await serverInstance();
    const id = await item('classified_ads');
    await view(endpoint, 'classified_ads', id, '203.0.113.77');
    for (const collection of ['view_salts', 'view_visitors', 'view_marks']) {
      const docs = (await db.collection(collection).get()).docs;
      expect(docs.length, collection).toBe(1);
      expect(JSON.stringify({ id: docs[0]!.id, data: docs[0]!.data() }), collection).not.toContain(
        '203.0.113.77',
      );
      expect(docs[0]!.get('expires_at').toMillis(), collection).toBeGreaterThan(Date.now());
    }
  });

  it("adds each counted view to the owner's day, per item, and nothing for a replay", async () => {
    const endpoint = await serverInstance();
    const profile = await item('profiles');
    const book = await item('books', profile);
    const ad = await item('classified_ads', profile);
    for (const address of ['203.0.113.5', '203.0.113.5', '198.51.100.7']) {
      await view(endpoint, 'profiles', profile, address);
      await view(endpoint, 'books', book, address);
    }
    await view(endpoint, 'classified_ads', ad, '203.0.113.5');
    const day = await today(profile);
    expect(day).toMatchObject({
      day: utcDay(Date.now()),
      views: 5,
      items: {
        [`profile_${profile}`]: { kind: 'profile', title: 'Viewed member', views: 2 },
        [`book_${book}`]: { kind: 'book', title: 'Viewed item', views: 2 },
        [`ad_${ad}`]: { kind: 'ad', views: 1 },
      },
    });
    // A book's and a profile's own documents keep only the fields their editors save.
    expect((await db.collection('books').doc(book).get()).get('views_count')).toBeUndefined();
    expect((await db.collection('profiles').doc(profile).get()).get('views_count')).toBeUndefined();
    expect(await viewsOf('classified_ads', ad)).toBe(1);
  });

  it('answers bots as a count and writes nothing for them', async () => {
    const endpoint = await serverInstance();
    const id = await item('products_services');
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'curl/8.5.0',
      '',
    ])
      expect(await view(endpoint, 'products_services', id, '203.0.113.5', agent)).toBe(204);
    expect(await viewsOf('products_services', id)).toBe(0);
    expect(await today('owner')).toBeUndefined();
    for (const collection of ['view_visitors', 'view_marks'])
      expect((await db.collection(collection).get()).size, collection).toBe(0);
  });

  it('counts a hidden book or an unapproved profile for nobody', async () => {
    const endpoint = await serverInstance();
    const book = await item('books');
    await db.collection('books').doc(book).update({ is_public: false });
    const profile = await item('profiles');
    await db.collection('profiles').doc(profile).update({ approval_status: 'pending' });
    expect(await view(endpoint, 'books', book, '203.0.113.5')).toBe(404);
    expect(await view(endpoint, 'profiles', profile, '203.0.113.5')).toBe(404);
    expect(await today('owner')).toBeUndefined();
    expect(await today(profile)).toBeUndefined();
  });

  it('counts a product or ad of a member who is not public for nobody', async () => {
    const endpoint = await serverInstance();
    const ad = await item('classified_ads', 'pending-seller');
    const product = await item('products_services', 'gone-seller');
    await db.doc('profiles/pending-seller').update({ approval_status: 'pending' });
    await db.doc('profiles/gone-seller').update({ is_active: false });
    expect(await view(endpoint, 'classified_ads', ad, '203.0.113.5')).toBe(404);
    expect(await view(endpoint, 'products_services', product, '203.0.113.5')).toBe(404);
    expect(await viewsOf('classified_ads', ad)).toBe(0);
    expect(await viewsOf('products_services', product)).toBe(0);
    expect(await today('pending-seller')).toBeUndefined();
    expect(await today('gone-seller')).toBeUndefined();
  });

  it('counts every view of a busy page although the counters are written at most once a second', async () => {
    const endpoint = await serverInstance();
    const id = await item('products_services');
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => view(endpoint, 'products_services', id, `198.51.100.${i + 1}`)),
    );
    expect(statuses).toEqual(Array(40).fill(204));
    // Every request was answered after the write carrying its view: nothing is pending.
    expect(await viewsOf('products_services', id)).toBe(40);
    expect(await today('owner')).toMatchObject({ views: 40, items: { [`product_${id}`]: { views: 40 } } });
  });
});
