import { describe, expect, it } from 'vitest';
import {
  DIRECTORY_GROUPS,
  countLine,
  directoryFields,
  directoryHref,
  emptyState,
  filterAndSortMembers,
  groupMembers,
  memberAbout,
  memberBooksLine,
  memberName,
  parseDirectoryParams,
  profileSearchKeywords,
  sameDirectoryFields,
  sortName,
  type DirectoryMember,
} from '../../../../src/domain/accounts/directory.ts';
import { SEARCH_KEYWORDS_MAX, type UserCategory } from '../../../../src/domain/accounts/profile.ts';
import {
  SEARCH_KEYWORD_MAX_LENGTH,
  SEARCH_TEXT_MAX_LENGTH,
} from '../../../../src/domain/shared/list-search.ts';

let next = 0;
function member(overrides: Partial<DirectoryMember> = {}): DirectoryMember {
  next += 1;
  return {
    id: `m${String(next).padStart(2, '0')}`,
    display_name: `Member ${next}`,
    page_slug: `member-${next}`,
    role: 'User',
    category: 'Book Author',
    profile_image: null,
    about_me: null,
    social_links: {},
    book_count: 0,
    created_at: new Date(Date.UTC(2024, 0, next)),
    ...overrides,
  };
}

const params = (query: string) => parseDirectoryParams(new URLSearchParams(query));

describe('directory fields', () => {
  it('index the name, the category and the about text', () => {
    const keywords = profileSearchKeywords({
      display_name: 'Zoë Hart',
      category: 'Publisher',
      about_me: 'Crime novels.',
    });
    expect(keywords).toEqual(
      expect.arrayContaining(['zo', 'zoe', 'ha', 'har', 'hart', 'pu', 'publisher', 'cr', 'crime', 'novels']),
    );
  });
  it('index only the first 40 words of about_me', () => {
    const about = [...Array.from({ length: 40 }, () => 'filler'), 'needle'].join(' ');
    expect(profileSearchKeywords({ display_name: 'A B', about_me: about })).not.toContain('needle');
    expect(profileSearchKeywords({ display_name: 'A B', about_me: `needle ${about}` })).toContain('needle');
  });
  it('cap the number and length of keywords, keeping the name first', () => {
    const about = Array.from({ length: 40 }, (_, i) => `w${i}supercalifragilisticword`).join(' ');
    const keywords = profileSearchKeywords({ display_name: 'Marguerite Yourcenar', about_me: about });
    expect(keywords).toHaveLength(SEARCH_KEYWORDS_MAX);
    expect(Math.max(...keywords.map((k) => k.length))).toBe(SEARCH_KEYWORD_MAX_LENGTH);
    expect(keywords).toContain('yourcenar');
  });
  it('make a sort name that orders case- and accent-insensitively', () => {
    expect(sortName('  Émile   Zola ')).toBe('emile zola');
    expect(directoryFields({ display_name: 'Ann', category: null, about_me: null })).toEqual({
      search_keywords: ['an', 'ann'],
      sort_name: 'ann',
    });
  });
  it('are compared exactly, so the trigger writes only on change', () => {
    const wanted = directoryFields({ display_name: "Ann O'Neil", category: 'Publisher', about_me: null });
    expect(sameDirectoryFields({ display_name: "Ann O'Neil", ...wanted }, wanted)).toBe(true);
    expect(sameDirectoryFields({ ...wanted, sort_name: "ann o'neil" }, wanted)).toBe(false);
    expect(sameDirectoryFields({ ...wanted, search_keywords: wanted.search_keywords.slice(1) }, wanted)).toBe(
      false,
    );
    expect(sameDirectoryFields(undefined, wanted)).toBe(false);
  });
});

describe('parseDirectoryParams', () => {
  it('reads valid parameters', () => {
    expect(params('search=Jane&category=Publisher&sort=most-books&after=abc_1')).toMatchObject({
      search: 'Jane',
      terms: ['jane'],
      category: 'Publisher',
      sort: 'most-books',
      after: 'abc_1',
      notes: [],
    });
  });
  it('defaults to all categories, newest first', () => {
    expect(params('')).toEqual({
      search: '',
      terms: [],
      category: null,
      sort: 'newest',
      after: null,
      notes: [],
    });
    expect(params('category=all').category).toBeNull();
  });
  it('ignores invalid values with a note instead of failing', () => {
    const result = params('category=Wizards&sort=random&after=../etc&search=a');
    expect(result).toMatchObject({ category: null, sort: 'newest', after: null, search: '', terms: [] });
    expect(result.notes).toHaveLength(4);
    expect(result.notes[1]).toContain('Unknown category "Wizards"');
  });
  it('cuts an over-long search with a note, and searches its start', () => {
    const result = params(`search=${'x'.repeat(150)}`);
    expect(result).toMatchObject({
      search: 'x'.repeat(SEARCH_TEXT_MAX_LENGTH),
      terms: ['x'.repeat(SEARCH_KEYWORD_MAX_LENGTH)],
    });
    expect(result.notes).toEqual([
      expect.stringContaining(`longer than ${SEARCH_TEXT_MAX_LENGTH} characters, so only its first`),
    ]);
  });
  it('builds URLs without defaults', () => {
    expect(directoryHref({ search: '', category: null, sort: 'newest' })).toBe('/directory');
    expect(
      directoryHref({ search: 'jo an', category: 'Book Lover/Marketer', sort: 'name', after: 'x' }),
    ).toBe('/directory?search=jo+an&category=Book+Lover%2FMarketer&sort=name&after=x');
  });
});

describe('count line and empty states', () => {
  it('says X of Y, with the category when filtered', () => {
    expect(countLine(3, 31, null)).toBe('Showing 3 of 31 users');
    expect(countLine(16, 31, 'Book Author')).toBe('Showing 16 of 31 users in Book Author');
    expect(countLine(5, 31, null, false)).toBe('Showing up to 5 of 31 users');
  });
  it('explains the search first, then the category, then nobody', () => {
    expect(emptyState('zzz', 'Publisher')).toEqual({
      title: 'No users found',
      detail: 'No users match "zzz"',
    });
    expect(emptyState('', 'Publisher').detail).toBe('No users in Publishers');
    expect(emptyState('', 'Book Lover/Marketer').detail).toBe('No users in Book Lover/Marketers');
    expect(emptyState('', null).detail).toBe('No users available');
  });
});

describe('cards', () => {
  it('falls back for name and about text', () => {
    expect(memberName({ display_name: '  ' })).toBe('Anonymous User');
    expect(memberAbout({ about_me: null })).toBe('No description available');
  });
  it('shows a book count only for authors and publishers (an Admin without category counts as author)', () => {
    expect(memberBooksLine({ category: 'Book Author', role: 'User', book_count: 3 })).toBe('3 books');
    expect(memberBooksLine({ category: 'Publisher', role: 'User', book_count: 1 })).toBe('1 book');
    expect(memberBooksLine({ category: 'Publisher', role: 'User', book_count: 0 })).toBe('0 books');
    expect(memberBooksLine({ category: 'Book Lover/Marketer', role: 'User', book_count: 4 })).toBeNull();
    expect(memberBooksLine({ category: null, role: 'Admin', book_count: 2 })).toBe('2 books');
    expect(memberBooksLine({ category: null, role: 'User', book_count: 2 })).toBeNull();
  });
});

describe('filter, sort and group', () => {
  const ann = member({
    display_name: 'ann Zeller',
    category: 'Publisher',
    book_count: 2,
    created_at: new Date('2024-03-01'),
  });
  const bob = member({
    display_name: 'Bob Åberg',
    category: 'Book Author',
    book_count: 5,
    created_at: new Date('2024-01-01'),
  });
  const cy = member({
    display_name: 'Cy Young',
    category: 'Book Lover/Marketer',
    about_me: 'Loves crime fiction',
    created_at: new Date('2024-02-01'),
  });
  const dee = member({
    display_name: 'Dee Ann',
    category: 'Book Author',
    book_count: 2,
    created_at: new Date('2024-04-01'),
  });
  const all = [ann, bob, cy, dee];
  const names = (list: DirectoryMember[]) => list.map((m) => m.display_name);
  const run = (
    terms: string[],
    category: UserCategory | null,
    sort: Parameters<typeof filterAndSortMembers>[1]['sort'],
  ) => names(filterAndSortMembers(all, { terms, category, sort }));

  it('sorts five ways', () => {
    expect(run([], null, 'newest')).toEqual(['Dee Ann', 'ann Zeller', 'Cy Young', 'Bob Åberg']);
    expect(run([], null, 'oldest')).toEqual(['Bob Åberg', 'Cy Young', 'ann Zeller', 'Dee Ann']);
    expect(run([], null, 'name')).toEqual(['ann Zeller', 'Bob Åberg', 'Cy Young', 'Dee Ann']);
    // Equal counts fall back to newest first.
    expect(run([], null, 'most-books')).toEqual(['Bob Åberg', 'Dee Ann', 'ann Zeller', 'Cy Young']);
    expect(run([], null, 'least-books')).toEqual(['Cy Young', 'Dee Ann', 'ann Zeller', 'Bob Åberg']);
  });
  it('filters by exact category and by search words in name, category or about text', () => {
    expect(run([], 'Book Author', 'newest')).toEqual(['Dee Ann', 'Bob Åberg']);
    expect(run(['ann'], null, 'name')).toEqual(['ann Zeller', 'Dee Ann']);
    expect(run(['aberg'], null, 'name')).toEqual(['Bob Åberg']);
    expect(run(['publ'], null, 'name')).toEqual(['ann Zeller']);
    expect(run(['crime', 'cy'], null, 'name')).toEqual(['Cy Young']);
    expect(run(['ann'], 'Book Author', 'name')).toEqual(['Dee Ann']);
  });
  it('groups in the spec order and hides empty groups', () => {
    expect(DIRECTORY_GROUPS.map((g) => g.label)).toEqual([
      'Book Authors',
      'Publishers',
      'Book Lover/Marketers',
    ]);
    const groups = groupMembers(filterAndSortMembers(all, { terms: [], category: null, sort: 'name' }));
    expect(groups.map((g) => [g.label, names(g.members)])).toEqual([
      ['Book Authors', ['Bob Åberg', 'Dee Ann']],
      ['Publishers', ['ann Zeller']],
      ['Book Lover/Marketers', ['Cy Young']],
    ]);
    expect(groupMembers([ann]).map((g) => g.label)).toEqual(['Publishers']);
  });
});
