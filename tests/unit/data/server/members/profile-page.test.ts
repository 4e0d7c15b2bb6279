// loadProfilePage against a small Firestore stand-in: which answer each kind of slug
// gets, and that the reads stay bounded however many items a member has.
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { loadProfilePage } from '../../../../../src/data/server/members/profile-page.ts';
import { withReadMeter } from '../../../../../src/data/server/shared/read-meter.ts';
import { PROFILE_PAGE_LIMITS } from '../../../../../src/domain/members/profile-page.ts';
import { UPDATES_SHOWN } from '../../../../../src/domain/updates/author-update.ts';

type Data = Record<string, unknown>;
type Collections = Record<string, Array<[string, Data]>>;

/** Equality filters, limit, get and doc().get(): what the profile page's repositories use. */
function fakeDb(collections: Collections): Firestore {
  const snapshot = (name: string, id: string, data: Data | undefined) => ({
    id,
    ref: { id, path: `${name}/${id}` },
    exists: data !== undefined,
    data: () => data,
    get: (field: string) => data?.[field],
  });
  function query(name: string, filters: Array<(d: Data) => boolean> = [], limit = Infinity): unknown {
    const self = {
      where: (field: string, _op: string, value: unknown) =>
        query(name, [...filters, (d) => d[field] === value], limit),
      orderBy: () => self,
      limit: (n: number) => query(name, filters, n),
      doc: (id: string) => ({
        get: async () => snapshot(name, id, collections[name]?.find(([key]) => key === id)?.[1]),
      }),
      get: async () => {
        const docs = (collections[name] ?? [])
          .filter(([, d]) => filters.every((f) => f(d)))
          .slice(0, limit)
          .map(([id, d]) => snapshot(name, id, d));
        return { docs, size: docs.length, empty: docs.length === 0 };
      },
    };
    return self;
  }
  return { collection: (name: string) => query(name) } as unknown as Firestore;
}

const created_at = new Date(Date.UTC(2026, 0, 1));
const member = (uid: string, extra: Data = {}): [string, Data] => [
  uid,
  {
    user_id: uid,
    page_slug: uid,
    display_name: `Member ${uid}`,
    category: 'Book Author',
    approval_status: 'approved',
    is_active: true,
    created_at,
    ...extra,
  },
];
const books = (uid: string, n: number, extra: Data = {}): Array<[string, Data]> =>
  Array.from({ length: n }, (_, i) => [
    `${uid}-b${i}`,
    { user_id: uid, title: `Book ${i}`, is_active: true, created_at, ...extra },
  ]);
const products = (uid: string, n: number, extra: Data = {}): Array<[string, Data]> =>
  Array.from({ length: n }, (_, i) => [
    `${uid}-p${i}`,
    { user_id: uid, title: `Item ${i}`, is_active: true, created_at, ...extra },
  ]);

let errors: MockInstance;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

describe('loadProfilePage', () => {
  it('finds a public profile with its active books, claimed books and products only, and its updates, in 5 queries', async () => {
    const db = fakeDb({
      profiles: [member('jane')],
      books: [
        ...books('jane', 2),
        ...books('jane', 1, { is_active: false }).map(([id, d]): [string, Data] => [`${id}-off`, d]),
        ...books('other', 2),
      ],
      products_services: [
        ...products('jane', 1),
        ...products('jane', 1, { is_active: false }).map(([id, d]): [string, Data] => [`${id}-off`, d]),
      ],
    });
    const { result, reads } = await withReadMeter(() => loadProfilePage('jane', db));
    expect(result.kind).toBe('found');
    if (result.kind !== 'found') return;
    expect(result.books.map((b) => b.id)).toEqual(['jane-b0', 'jane-b1']);
    expect(result.products.map((p) => p.id)).toEqual(['jane-p0']);
    expect(result.updates).toEqual([]);
    expect(result.claimedBooks).toEqual([]);
    // The profile, two books, the (empty) claimed books, one product, and the (empty) updates query.
    expect(reads).toBe(1 + 2 + 1 + 1 + 1);
  });

  it('reads the author’s newest updates, leaving out a hidden one and a malformed one', async () => {
    const update = (id: string, days: number, extra: Data = {}): [string, Data] => [
      id,
      {
        user_id: 'jane',
        title: `Update ${id}`,
        body: 'News for my **readers**.',
        book: null,
        created_at: new Date(Date.UTC(2026, 0, days)),
        ...extra,
      },
    ];
    const db = fakeDb({
      profiles: [member('jane')],
      books: [],
      products_services: [],
      author_updates: [
        update('u3', 3),
        update('hidden', 2, { moderation_hidden: true }),
        update('bad', 2, { title: '' }),
        update('u1', 1, { book: { id: 'jane-b0', title: 'Book 0' } }),
        update('theirs', 1, { user_id: 'other' }),
      ],
    });
    const result = await loadProfilePage('jane', db);
    if (result.kind !== 'found') throw new Error('expected the profile');
    expect(result.updates.map((u) => u.id)).toEqual(['u3', 'u1']);
    expect(result.updates[1]!.book).toEqual({ id: 'jane-b0', title: 'Book 0' });
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('author_updates/bad'));
  });

  it('tells the page the profile it found before reading the books, so the page reads beside them', async () => {
    const db = fakeDb({ profiles: [member('jane')], books: books('jane', 1), products_services: [] });
    const order: string[] = [];
    const collection = db.collection.bind(db);
    db.collection = ((name: string) => {
      order.push(`read ${name}`);
      return collection(name);
    }) as Firestore['collection'];
    const result = await loadProfilePage('jane', db, (profile) => order.push(`found ${profile.user_id}`));
    expect(result.kind).toBe('found');
    expect(order).toEqual([
      'read profiles',
      'found jane',
      'read books',
      'read books',
      'read products_services',
      'read author_updates',
    ]);
    const none: string[] = [];
    await loadProfilePage('nobody', fakeDb({ profiles: [], page_slugs: [] }), () => none.push('called'));
    expect(none).toEqual([]);
  });

  it('reads no books for a member without a Books section', async () => {
    const db = fakeDb({
      profiles: [member('reader', { category: 'Book Lover/Marketer' })],
      books: books('reader', 3),
      products_services: [],
    });
    const { result, reads } = await withReadMeter(() => loadProfilePage('reader', db));
    expect(result).toMatchObject({ kind: 'found', books: [] });
    expect(reads).toBe(3);
  });

  it('reads at most the page limits, however many items a member has, and leaves a malformed book out', async () => {
    const db = fakeDb({
      profiles: [member('busy')],
      books: [['bad', { user_id: 'busy', title: '', is_active: true, created_at }], ...books('busy', 250)],
      products_services: products('busy', 120),
      author_updates: Array.from({ length: 40 }, (_, i): [string, Data] => [
        `busy-u${i}`,
        { user_id: 'busy', title: `Update ${i}`, body: 'News.', created_at },
      ]),
    });
    const { result, reads } = await withReadMeter(() => loadProfilePage('busy', db));
    // The claimed books' query finds none and counts one read.
    expect(reads).toBe(1 + PROFILE_PAGE_LIMITS.books + 1 + PROFILE_PAGE_LIMITS.products + UPDATES_SHOWN);
    if (result.kind !== 'found') throw new Error('expected the profile');
    expect(result.books).toHaveLength(PROFILE_PAGE_LIMITS.books - 1);
    expect(result.products).toHaveLength(PROFILE_PAGE_LIMITS.products);
    expect(result.updates).toHaveLength(UPDATES_SHOWN);
  });

  it('sends an old slug to the member’s current one', async () => {
    const db = fakeDb({
      profiles: [member('jane', { page_slug: 'jane-new' })],
      page_slugs: [
        ['jane-old', { uid: 'jane', claimed_at: created_at, retired_at: created_at }],
        ['jane-new', { uid: 'jane', claimed_at: created_at }],
      ],
    });
    const { result, reads } = await withReadMeter(() => loadProfilePage('jane-old', db));
    expect(result).toEqual({ kind: 'moved', uid: 'jane', slug: 'jane-new' });
    expect(reads).toBe(3);
  });

  it('answers not found for unknown, inactive, pending, denied and malformed profiles, and for an old slug of a member who is no longer public', async () => {
    const db = fakeDb({
      profiles: [
        member('gone', { is_active: false }),
        member('waiting', { approval_status: 'pending' }),
        member('refused', { approval_status: 'denied' }),
        member('broken', { social_links: { website: 'javascript:alert(1)' } }),
        member('hidden', { page_slug: 'hidden-new', is_active: false }),
      ],
      page_slugs: [
        ['hidden-old', { uid: 'hidden', retired_at: created_at }],
        ['orphan', { uid: 'nobody' }],
      ],
    });
    for (const slug of [
      'nobody-here',
      'gone',
      'waiting',
      'refused',
      'broken',
      'hidden-old',
      'orphan',
      'Not A Slug',
      '..',
    ]) {
      expect(await loadProfilePage(slug, db), slug).toEqual({ kind: 'not-found' });
    }
  });
});
