// The directory when its indexed queries fail: loadDirectoryView reads the listed
// profiles directly (equality filters only) and gives the same members, in the
// same order and groups, as the rule the queries implement.
import type { Firestore } from 'firebase-admin/firestore';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { loadDirectoryView } from '../../../../../src/data/server/members/directory.ts';
import {
  filterAndSortMembers,
  parseDirectoryParams,
  type DirectoryMember,
} from '../../../../../src/domain/accounts/directory.ts';

type Data = Record<string, unknown>;

/**
 * A Firestore stand-in whose directory queries fail as a missing index does:
 * any ordered query or count() is refused; equality filters with select and
 * limit answer from `profiles`.
 */
function failingDirectoryDb(profiles: Array<[string, Data]>): Firestore {
  const refused = () => Promise.reject(new Error('9 FAILED_PRECONDITION: The query requires an index.'));
  function query(filters: Array<(d: Data) => boolean> = [], limit = Infinity, ordered = false): unknown {
    return {
      where: (field: string, _op: string, value: unknown) =>
        query([...filters, (d) => d[field] === value], limit, ordered),
      orderBy: () => query(filters, limit, true),
      select: () => query(filters, limit, ordered),
      startAfter: () => query(filters, limit, ordered),
      limit: (n: number) => query(filters, n, ordered),
      count: () => ({ get: refused }),
      doc: (id: string) => ({ get: async () => ({ id, exists: false }) }),
      get: async () => {
        if (ordered) return refused();
        const docs = profiles
          .filter(([, d]) => filters.every((f) => f(d)))
          .slice(0, limit)
          .map(([id, d]) => ({
            id,
            ref: { id, path: `profiles/${id}` },
            data: () => d,
            get: (f: string) => d[f],
          }));
        return { docs, size: docs.length, empty: docs.length === 0 };
      },
    };
  }
  return { collection: () => query() } as unknown as Firestore;
}

const day = (n: number) => new Date(Date.UTC(2025, 0, n));
const profile = (name: string, category: string, created: number, extra: Data = {}): Data => ({
  display_name: name,
  category,
  role: 'User',
  about_me: `${name} writes about books.`,
  page_slug: name.toLowerCase().replace(/\s+/g, '-'),
  social_links: {},
  book_count: 1,
  created_at: day(created),
  is_active: true,
  approval_status: 'approved',
  ...extra,
});

const profiles: Array<[string, Data]> = [
  ['ann', profile('Ann Archer', 'Book Author', 1)],
  ['bea', profile('Bea Baker', 'Publisher', 2)],
  ['cal', profile('Cal Carter', 'Book Lover/Marketer', 3)],
  ['dan', profile('Dan Dune', 'Book Author', 4, { about_me: 'Mystery novels by the sea.' })],
  ['eve', profile('Eve Evans', 'Book Author', 5, { approval_status: 'pending' })],
  ['fay', profile('Fay Fox', 'Publisher', 6, { is_active: false })],
];
const listed = profiles
  .filter(([, d]) => d.is_active === true && d.approval_status === 'approved')
  .map(([id, d]) => ({ id, ...d }) as unknown as DirectoryMember);

let logged: MockInstance;
beforeEach(() => {
  logged = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => logged.mockRestore());

describe('loadDirectoryView when the directory query fails', () => {
  it('reads the profiles directly: only listed members, grouped in the spec’s order, newest first', async () => {
    const view = await loadDirectoryView(
      parseDirectoryParams(new URLSearchParams()),
      failingDirectoryDb(profiles),
    );
    expect(logged).toHaveBeenCalledWith(
      'Failed to load the member directory; reading the profiles directly.',
      expect.any(Error),
    );
    expect(view.total).toBe(4);
    expect(view.matching).toBe(4);
    expect(view.groups?.map((g) => [g.label, g.members.map((m) => m.id)])).toEqual([
      ['Book Authors', ['dan', 'ann']],
      ['Publishers', ['bea']],
      ['Book Lover/Marketers', ['cal']],
    ]);
  });

  it('applies the search, the category and the sort as the queries do', async () => {
    const params = parseDirectoryParams(new URLSearchParams('search=mystery&category=Book+Author&sort=name'));
    const view = await loadDirectoryView(params, failingDirectoryDb(profiles));
    expect(view.list?.members.map((m) => m.id)).toEqual(
      filterAndSortMembers(listed, params).map((m) => m.id),
    );
    expect(view.list?.members.map((m) => m.id)).toEqual(['dan']);
    expect(view.matching).toBe(1);
    expect(view.list?.next).toBeNull();

    const byName = await loadDirectoryView(
      parseDirectoryParams(new URLSearchParams('category=Book+Author&sort=name')),
      failingDirectoryDb(profiles),
    );
    expect(byName.list?.members.map((m) => m.id)).toEqual(['ann', 'dan']);
  });
});
