// One malformed document must not empty a block for everyone: every repository
// leaves it out of lists (keeping bounded reads and working cursors) and treats it
// as missing in single reads. Firestore is faked: queries honour equality and
// array-contains filters, startAfter and limit, and return the documents in the
// order the test gives them (the order the real indexes would produce).
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { getActiveBanners } from '../../../../src/data/server/home/banners.ts';
import { listBooks } from '../../../../src/data/server/books/books.ts';
import { getDirectoryPage } from '../../../../src/data/server/members/directory.ts';
import { getFeaturedAuthorSlots, getFeaturedBookSlots } from '../../../../src/data/server/home/featured.ts';
import { getLegalDocument } from '../../../../src/data/server/site/legal-documents.ts';
import {
  getPublicProfileBySlug,
  getRecentPublicProfiles,
} from '../../../../src/data/server/accounts/profiles.ts';
import {
  getAuthorSeriesBooks,
  getSeriesBooks,
  getSeriesPage,
} from '../../../../src/data/server/books/series.ts';
import { getSiteSettings } from '../../../../src/data/server/site/site-settings.ts';
import { getClaimedAuthors } from '../../../../src/data/server/books/claimed-books.ts';
import {
  getActiveAdEntries,
  getActiveBookEntries,
  getCatalogueBookEntries,
  getPublicProfileEntries,
} from '../../../../src/data/server/site/sitemap.ts';
import { LISTING_PAGE_SIZE } from '../../../../src/domain/books/book-listing.ts';
import { MAX_SERIES_BOOKS } from '../../../../src/domain/books/series.ts';
import { resolveSiteSettings } from '../../../../src/domain/site/site-settings.ts';

type Data = Record<string, unknown>;

interface FakeSnapshot {
  id: string;
  ref: { id: string; path: string };
  exists: boolean;
  data(): Data | undefined;
  get(field: string): unknown;
}

function snapshotOf(collection: string, id: string, data: Data | undefined): FakeSnapshot {
  return {
    id,
    ref: { id, path: `${collection}/${id}` },
    exists: data !== undefined,
    data: () => data,
    get: (field) => data?.[field],
  };
}

/** A Firestore stand-in over `collections` (id → data, in query order); `limits` records every query's limit. */
function fakeDb(collections: Record<string, Array<[string, Data]>>) {
  const limits: number[] = [];
  const docsOf = (name: string) => (collections[name] ?? []).map(([id, data]) => snapshotOf(name, id, data));
  function query(
    name: string,
    filters: Array<(d: Data) => boolean> = [],
    after?: string,
    limit?: number,
  ): unknown {
    const self = {
      where: (field: string, op: string, value: unknown) =>
        query(
          name,
          [
            ...filters,
            (d: Data) =>
              op === 'array-contains'
                ? (d[field] as unknown[] | undefined)?.includes(value) === true
                : d[field] === value,
          ],
          after,
          limit,
        ),
      orderBy: () => self,
      select: () => self,
      startAfter: (snap: FakeSnapshot) => query(name, filters, snap.id, limit),
      limit: (n: number) => query(name, filters, after, n),
      count: () => ({ get: async () => ({ data: () => ({ count: matching().length }) }) }),
      doc: (id: string) => ({
        id,
        path: `${name}/${id}`,
        get: async () => snapshotOf(name, id, collections[name]?.find(([key]) => key === id)?.[1]),
      }),
      get: async () => {
        if (limit !== undefined) limits.push(limit);
        let docs = matching();
        if (after !== undefined) docs = docs.slice(docs.findIndex((d) => d.id === after) + 1);
        if (limit !== undefined) docs = docs.slice(0, limit);
        return { docs, size: docs.length, empty: docs.length === 0 };
      },
    };
    const matching = () => docsOf(name).filter((d) => filters.every((f) => f(d.data() as Data)));
    return self;
  }
  const db = {
    collection: (name: string) => query(name),
    getAll: async (...refs: Array<{ get: () => Promise<FakeSnapshot> }>) =>
      Promise.all(refs.map((ref) => ref.get())),
  };
  return { db: db as unknown as Firestore, limits };
}

let day = 1000;
/** A valid, public profile; `created_at` falls one day earlier with each call, so lists given newest first stay ordered. */
function profile(id: string, extra: Data = {}): [string, Data] {
  return [
    id,
    {
      user_id: id,
      page_slug: id,
      display_name: `Member ${id}`,
      category: 'Book Author',
      approval_status: 'approved',
      is_active: true,
      created_at: new Date(Date.UTC(2026, 0, 1) - day-- * 86_400_000),
      ...extra,
    },
  ];
}
/** A valid, active book. */
function book(id: string, extra: Data = {}): [string, Data] {
  return [
    id,
    {
      user_id: 'u1',
      title: `Book ${id}`,
      is_active: true,
      owner_public: true,
      is_public: true,
      category: 'fiction',
      created_at: new Date(Date.UTC(2025, 0, 1)),
      ...extra,
    },
  ];
}
/** Fields that break the schemas but still match every query (active, approved, right category). */
const BAD_PROFILE = { social_links: { website: 'javascript:alert(1)' } };
const BAD_BOOK = { title: 'x'.repeat(500) };

let errors: MockInstance;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => errors.mockRestore());

/** The paths the repositories reported as left out. */
const reported = () =>
  errors.mock.calls.map((call) => String(call[0])).filter((m) => m.startsWith('Left out invalid document'));

describe('home page reads', () => {
  it('Meet Our Community shows the other members when the newest profile is malformed, and logs it once', async () => {
    const { db } = fakeDb({
      featured_profiles: [],
      profiles: [profile('home-bad', BAD_PROFILE), profile('home-a'), profile('home-b')],
    });
    for (let render = 0; render < 2; render++) {
      const slots = await getFeaturedAuthorSlots('nobody', db);
      expect(slots.map((p) => p?.id ?? null)).toEqual(['home-a', 'home-b', null, null, null, null]);
    }
    expect(reported()).toEqual([
      expect.stringMatching(/^Left out invalid document profiles\/home-bad: social_links\.website/),
    ]);
  });

  it('a malformed featured entry or featured member leaves only its own slot to the next member', async () => {
    const { db } = fakeDb({
      featured_profiles: [
        ['1', { user_id: 'feat-bad', position: 1 }],
        ['2', { user_id: 'feat-ok', position: 2 }],
        ['3', { user_id: 'feat-ok', position: 'three' }],
      ],
      profiles: [profile('feat-ok'), profile('feat-bad', BAD_PROFILE), profile('feat-recent')],
    });
    const slots = await getFeaturedAuthorSlots('nobody', db);
    expect(slots.map((p) => p?.id ?? null)).toEqual(['feat-recent', 'feat-ok', null, null, null, null]);
    expect(reported().map((m) => m.split(':')[0])).toEqual([
      'Left out invalid document featured_profiles/3',
      'Left out invalid document profiles/feat-bad',
    ]);
  });

  it('a malformed featured book leaves its slot empty and the others filled', async () => {
    const { db } = fakeDb({
      featured_books: [
        ['1', { book_id: 'fb-ok', position: 1 }],
        ['2', { book_id: 'fb-bad', position: 2 }],
      ],
      books: [book('fb-ok'), book('fb-bad', BAD_BOOK)],
    });
    const slots = await getFeaturedBookSlots(db);
    expect(slots.slice(0, 3).map((b) => b?.id ?? null)).toEqual(['fb-ok', null, null]);
    expect(reported()).toEqual([expect.stringMatching(/^Left out invalid document books\/fb-bad: title/)]);
  });

  it('the banners skip a malformed banner', async () => {
    const banner = (id: string, position: number, extra: Data = {}): [string, Data] => [
      id,
      { title: `Banner ${id}`, image_url: '/b.png', position, is_active: true, ...extra },
    ];
    const { db } = fakeDb({
      advertisement_banners: [
        banner('ban-1', 1),
        banner('ban-bad', 2, { image_url: 'javascript:x' }),
        banner('ban-3', 3),
      ],
    });
    expect((await getActiveBanners(3, db)).map((b) => b.id)).toEqual(['ban-1', 'ban-3']);
  });
});

describe('listings keep their bounded reads', () => {
  it('a directory page of N with a malformed member shows N-1, and Load more continues from the last document read', async () => {
    const { db, limits } = fakeDb({
      profiles: [profile('dir-a'), profile('dir-bad', BAD_PROFILE), profile('dir-c'), profile('dir-d')],
    });
    const filter = { terms: [], category: null };
    const first = await getDirectoryPage(filter, 'newest', { limit: 2 }, db);
    expect(first.members.map((m) => m.id)).toEqual(['dir-a']);
    expect(first.next).toBe('dir-bad');
    expect(limits).toEqual([3]);

    const second = await getDirectoryPage(filter, 'newest', { limit: 2, after: 'dir-bad' }, db);
    expect(second.members.map((m) => m.id)).toEqual(['dir-c', 'dir-d']);
    expect(second.next).toBeNull();
    expect(reported()).toHaveLength(1);
  });

  it('a book listing skips a malformed book within its one bounded query, and the cursor is a real document', async () => {
    const books = [
      book('lst-bad', BAD_BOOK),
      ...Array.from({ length: 30 }, (_, i) => book(`lst-${String(i).padStart(2, '0')}`)),
    ];
    const { db, limits } = fakeDb({ books });
    const page = await listBooks('all', {}, undefined, true, db);
    expect(page.books).toHaveLength(LISTING_PAGE_SIZE);
    expect(page.books[0]?.id).toBe('lst-00');
    expect(page.books.some((b) => b.id === 'lst-bad')).toBe(false);
    expect(page.next).toBe(`lst-${String(LISTING_PAGE_SIZE - 1).padStart(2, '0')}`);
    expect(page.total).toBe(31);
    expect(limits).toEqual([LISTING_PAGE_SIZE + 1]);

    const more = await listBooks('all', {}, page.next, false, db);
    expect(more.books.map((b) => b.id)).toEqual(books.slice(LISTING_PAGE_SIZE + 1).map(([id]) => id));
    expect(reported()).toHaveLength(1);
  });

  it('the newest profiles leave out a malformed one', async () => {
    const { db } = fakeDb({
      profiles: [profile('new-a'), profile('new-bad', BAD_PROFILE), profile('new-c')],
    });
    expect((await getRecentPublicProfiles(3, db)).map((p) => p.id)).toEqual(['new-a', 'new-c']);
  });

  it('the sitemap leaves out a profile with a malformed slug or any other malformed field (its page would not render), and a book with a malformed date', async () => {
    const { db } = fakeDb({
      profiles: [
        profile('map-a'),
        profile('map-bad', { page_slug: 'Not A Slug!' }),
        profile('map-bad-website', BAD_PROFILE),
      ],
      books: [book('map-b1'), book('map-bad', { created_at: 'yesterday' })],
    });
    expect((await getPublicProfileEntries(db)).map((e) => e.path)).toEqual(['/profile/map-a']);
    expect((await getActiveBookEntries(db)).map((e) => e.path)).toEqual(['/book/map-b1']);
  });
});

describe('a series page', () => {
  it('lists the public books of its series, leaving out a malformed one and the other series’', async () => {
    const inSeries = { series: 'Tides', series_slug: 'tides' };
    const { db, limits } = fakeDb({
      books: [
        book('s1', { ...inSeries, series_number: 1 }),
        book('s-bad', { ...inSeries, series_number: 'two' }),
        book('s3', { ...inSeries, series_number: 3, user_id: 'u2' }),
        book('s-hidden', { ...inSeries, is_public: false }),
        book('other', { series: 'Salt', series_slug: 'salt' }),
      ],
    });
    expect((await getSeriesBooks('tides', db)).map((b) => b.id)).toEqual(['s1', 's3']);
    expect((await getAuthorSeriesBooks('tides', 'u2', db)).map((b) => b.id)).toEqual(['s3']);
    expect(limits).toEqual([MAX_SERIES_BOOKS, MAX_SERIES_BOOKS]);
  });

  it('lists its owner’s books only: a hundred books of another author cannot crowd them out', async () => {
    const inSeries = { series: 'Tides', series_slug: 'tides' };
    const crowd = Array.from({ length: MAX_SERIES_BOOKS }, (_, i) =>
      book(`crowd-${i}`, { ...inSeries, series: 'TIDES', user_id: 'u2' }),
    );
    const owned = [
      book('own-1', { ...inSeries, series_number: 1 }),
      book('own-2', { ...inSeries, series_number: 2 }),
    ];
    const claim = { user_id: 'u1', claimed_at: new Date('2025-01-01T00:00:00Z') };
    const { db } = fakeDb({ books: [...crowd, ...owned], series_claims: [['tides', claim]] });
    const page = await getSeriesPage('tides', db);
    expect(page.ownerUid).toBe('u1');
    expect(page.books.map((b) => b.id)).toEqual(['own-1', 'own-2']);
    // A malformed claim counts as none: the author of the oldest public book owns the page.
    const { db: unclaimed } = fakeDb({
      books: [...owned, book('late', { ...inSeries, user_id: 'u2', created_at: new Date('2099-01-01') })],
      series_claims: [['tides', { user_id: '' }]],
    });
    expect((await getSeriesPage('tides', unclaimed)).books.map((b) => b.id)).toEqual(['own-1', 'own-2']);
  });
});

describe('the sitemap lists classified ads', () => {
  const ad = (id: string, extra: Data = {}): [string, Data] => [
    id,
    {
      user_id: 'seller',
      is_active: true,
      created_at: new Date(Date.UTC(2025, 5, 1)),
      updated_at: null,
      ...extra,
    },
  ];

  it('lists only active ads of public sellers, dated by their last edit, and leaves out a malformed one', async () => {
    const { db } = fakeDb({
      classified_ads: [
        ad('ad-live', { updated_at: new Date(Date.UTC(2025, 6, 2)) }),
        ad('ad-hidden', { is_active: false }),
        ad('ad-pending-seller', { user_id: 'pending' }),
        ad('ad-bad', { created_at: 'yesterday' }),
        ad('ad-new'),
      ],
    });
    const entries = await getActiveAdEntries(db, new Set(['seller']));
    expect(entries.map((e) => e.path)).toEqual(['/classifieds/ad-live', '/classifieds/ad-new']);
    expect(entries[0]?.lastModified?.toISOString().slice(0, 10)).toBe('2025-07-02');
    expect(entries[1]?.lastModified?.toISOString().slice(0, 10)).toBe('2025-06-01');
    expect(reported()).toHaveLength(1);
  });
});

describe('the sitemap lists catalogue books members have read', () => {
  const catalogue = (id: string, extra: Data = {}): [string, Data] => [
    id,
    {
      kind: 'catalogue',
      is_active: true,
      moderation_hidden: false,
      has_readers: true,
      author_slugs: ['anna-kavan'],
      created_at: new Date(Date.UTC(2025, 5, 1)),
      updated_at: null,
      ...extra,
    },
  ];

  it('lists shelved or rated ones readers may see, with their authors’ pages dated by the latest book, and leaves out the rest', async () => {
    const { db } = fakeDb({
      books: [
        catalogue('cat-read', { author_slugs: ['anna-kavan', 'brian-aldiss'] }),
        catalogue('cat-unread', { has_readers: false }),
        catalogue('cat-hidden', { moderation_hidden: true, author_slugs: ['hidden-author'] }),
        catalogue('cat-off', { is_active: false }),
        catalogue('cat-bad', { created_at: 'yesterday' }),
        catalogue('cat-later', { updated_at: new Date(Date.UTC(2025, 7, 3)) }),
      ],
    });
    const entries = await getCatalogueBookEntries(db);
    expect(entries.map((e) => e.path)).toEqual([
      '/book/cat-read',
      '/book/cat-later',
      '/authors/anna-kavan',
      '/authors/brian-aldiss',
    ]);
    expect(entries[2]?.lastModified?.toISOString().slice(0, 10)).toBe('2025-08-03');
    expect(reported()).toHaveLength(1);
  });

  it('the listed books’ entries pass a catalogue book by, without calling it malformed', async () => {
    const { db } = fakeDb({ books: [book('listed-1'), catalogue('cat-1')] });
    expect((await getActiveBookEntries(db)).map((e) => e.path)).toEqual(['/book/listed-1']);
    expect(reported()).toHaveLength(0);
  });
});

describe('a claimed catalogue book’s authors', () => {
  const claim = (uid: string, extra: Data = {}): Data => ({
    name: 'Wayfarer Press',
    claimed_by: uid,
    claimed_at: new Date(Date.UTC(2026, 0, 2)),
    ...extra,
  });

  it('are those whose page the book’s claimant holds, with the claimant a Publisher’s Organization', async () => {
    const { db } = fakeDb({
      catalogue_authors: [
        ['wayfarer-press', claim('pub')],
        ['anna-kovac', claim('someone-else')],
        ['bad-record', claim('pub', { claimed_at: 'yesterday' })],
      ],
      profiles: [profile('pub', { category: 'Publisher' })],
    });
    const book = {
      claimed_by: 'pub',
      author_slugs: ['wayfarer-press', 'anna-kovac', 'bad-record', 'unclaimed'],
    };
    const claimed = await getClaimedAuthors(book, db);
    expect([...(claimed?.slugs ?? [])]).toEqual(['wayfarer-press']);
    expect(claimed?.claimant).toMatchObject({ uid: 'pub', category: 'Publisher', pageSlug: 'pub' });
    expect(await getClaimedAuthors({ claimed_by: null, author_slugs: ['wayfarer-press'] }, db)).toBeNull();
  });

  it('are none when the claimant is no longer publicly listed', async () => {
    const { db } = fakeDb({
      catalogue_authors: [['wayfarer-press', claim('gone')]],
      profiles: [profile('gone', { is_active: false })],
    });
    expect(await getClaimedAuthors({ claimed_by: 'gone', author_slugs: ['wayfarer-press'] }, db)).toBeNull();
  });
});

describe('single reads treat a malformed document as missing', () => {
  it('a profile page slug that names a malformed profile finds nothing', async () => {
    const { db } = fakeDb({ profiles: [profile('slug-bad', BAD_PROFILE), profile('slug-ok')] });
    expect(await getPublicProfileBySlug('slug-bad', db)).toBeNull();
    expect((await getPublicProfileBySlug('slug-ok', db))?.id).toBe('slug-ok');
    expect(reported()).toHaveLength(1);
  });

  it('a malformed legal document reads as none (the page shows its fallback)', async () => {
    const { db } = fakeDb({
      legal_documents: [
        ['terms', { document_type: 'terms', title: '', content: 'x', last_updated_at: new Date() }],
      ],
    });
    expect(await getLegalDocument('terms', db)).toBeNull();
    expect(reported()).toEqual([
      expect.stringMatching(/^Left out invalid document legal_documents\/terms: title/),
    ]);
  });

  it('malformed site settings give the built-in defaults', async () => {
    const { db } = fakeDb({ site_settings: [['main', { site_title: 42 }]] });
    expect(await getSiteSettings(db, { fresh: true })).toEqual(resolveSiteSettings(null));
    expect(reported()).toEqual([expect.stringMatching(/^Left out invalid document site_settings\/main: /)]);
  });
});
