import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';
import {
  SEARCH_KEYWORDS_MAX,
  USER_CATEGORIES,
  cardCategory,
  profileSchema,
  showsBookCount,
  type UserCategory,
} from './profile.ts';
import {
  matchesAllTerms,
  parseSearch,
  sameKeywords,
  searchKeywords,
  sortKey,
} from '../shared/list-search.ts';

/** The directory's groups, in display order, with their headings and filter labels. */
export const DIRECTORY_GROUPS = [
  { category: 'Book Author', label: 'Book Authors' },
  { category: 'Publisher', label: 'Publishers' },
  { category: 'Book Lover/Marketer', label: 'Book Lover/Marketers' },
] as const satisfies ReadonlyArray<{ category: UserCategory; label: string }>;

/** The label of a category in the filter and the empty state ('Book Authors'). */
export function categoryLabel(category: UserCategory): string {
  return DIRECTORY_GROUPS.find((group) => group.category === category)?.label ?? category;
}

/** A field the directory orders by (all are on the profile document). */
export type DirectorySortField = 'created_at' | 'sort_name' | 'book_count';

/**
 * The five sort orders, each as its query-string value, label and
 * Firestore ordering. Ties in the book counts fall back to newest first, as a
 * stable sort of the newest-first list would; the document id breaks the last tie
 * so that paging with a cursor never skips or repeats a member.
 */
export const DIRECTORY_SORTS = {
  newest: { label: 'Newest First', order: [['created_at', 'desc']] },
  oldest: { label: 'Oldest First', order: [['created_at', 'asc']] },
  name: { label: 'Name (A-Z)', order: [['sort_name', 'asc']] },
  'most-books': {
    label: 'Most Books',
    order: [
      ['book_count', 'desc'],
      ['created_at', 'desc'],
    ],
  },
  'least-books': {
    label: 'Least Books',
    order: [
      ['book_count', 'asc'],
      ['created_at', 'desc'],
    ],
  },
} as const satisfies Record<
  string,
  { label: string; order: ReadonlyArray<readonly [DirectorySortField, 'asc' | 'desc']> }
>;

/** A sort order's query-string value. */
export type DirectorySort = keyof typeof DIRECTORY_SORTS;
/** The sort values in menu order. */
export const DIRECTORY_SORT_VALUES = Object.keys(DIRECTORY_SORTS) as DirectorySort[];
/** Sort used when none (or an unknown one) is given. */
export const DEFAULT_DIRECTORY_SORT: DirectorySort = 'newest';

/** Members per page in the flat (one category) grid. */
export const DIRECTORY_PAGE_SIZE = 24;
/** Members shown per group when all categories are grouped; 'Show all' leads to the category filter. */
export const DIRECTORY_GROUP_SIZE = 12;
/** With a multi-word search, at most this many pages of matches of the longest word are read to filter the other words in memory. */
export const MULTI_WORD_SCAN_FACTOR = 4;
/** Only the first words of about_me are indexed for search. */
export const ABOUT_WORDS_INDEXED = 40;

/** The profile fields a directory card shows. Name and slug may be missing on old data: the card has fallbacks for both. */
export const directoryMemberSchema = profileSchema
  .pick({
    id: true,
    role: true,
    category: true,
    profile_image: true,
    about_me: true,
    social_links: true,
    book_count: true,
    created_at: true,
  })
  .extend({
    /** Public name; 'Anonymous User' when missing. */
    display_name: z.string().nullish(),
    /** Page address; View Profile is disabled without it. */
    page_slug: z.string().nullish(),
    /** Search keywords, read only for multi-word searches. */
    search_keywords: z.array(z.string()).optional(),
    /** Folded display name, for in-memory sorting in tests and previews. */
    sort_name: z.string().optional(),
  });
/** A member as the directory shows it. */
export type DirectoryMember = z.infer<typeof directoryMemberSchema>;
/** The Firestore fields a card needs (a projection keeps the directory's reads small). */
export const DIRECTORY_CARD_FIELDS = [
  'role',
  'category',
  'profile_image',
  'about_me',
  'social_links',
  'book_count',
  'created_at',
  'display_name',
  'page_slug',
  'sort_name',
] as const;

/** The profile fields the directory's search and name order derive from. */
export type DirectorySource = {
  display_name?: string | null;
  category?: string | null;
  about_me?: string | null;
};

/**
 * The keywords stored on a profile for the directory search (see search.ts):
 * the display name, the category and the first ABOUT_WORDS_INDEXED words of
 * about_me, in that order, so the cap cuts about text before the name.
 */
export function profileSearchKeywords(profile: DirectorySource): string[] {
  return searchKeywords(
    [profile.display_name, profile.category, { text: profile.about_me, maxWords: ABOUT_WORDS_INDEXED }],
    {
      maxKeywords: SEARCH_KEYWORDS_MAX,
    },
  );
}

/** The key of the Name (A-Z) order: the folded, trimmed display name with single spaces. */
export function sortName(displayName: string | null | undefined): string {
  return sortKey(displayName, TEXT_LIMITS.name);
}

/** The denormalised directory fields of a profile, as the trigger and the seed write them. */
export function directoryFields(profile: DirectorySource): { search_keywords: string[]; sort_name: string } {
  return { search_keywords: profileSearchKeywords(profile), sort_name: sortName(profile.display_name) };
}

/** True when a stored profile already holds exactly these directory fields (so the trigger need not write, and cannot loop). */
export function sameDirectoryFields(
  stored: Record<string, unknown> | undefined,
  wanted: ReturnType<typeof directoryFields>,
): boolean {
  return (
    stored !== undefined &&
    stored.sort_name === wanted.sort_name &&
    sameKeywords(stored.search_keywords, wanted.search_keywords)
  );
}

/** What the visitor asked for, after validation. */
export interface DirectoryParams {
  /** The search text as typed (trimmed, cut to SEARCH_TEXT_MAX_LENGTH), shown back in the box and the empty state; '' when unusable. */
  search: string;
  /** The search's terms (search.ts parseSearch); empty when there is no usable search. */
  terms: string[];
  /** The category filter, or null for all categories. */
  category: UserCategory | null;
  /** The sort order. */
  sort: DirectorySort;
  /** Id of the last member of the previous page ('Load more'), or null for the first page. */
  after: string | null;
  /** Notes about parameters that were ignored, shown to the visitor. */
  notes: string[];
}

const categoryParam = z.enum(USER_CATEGORIES);
const sortParam = z.enum(DIRECTORY_SORT_VALUES as [DirectorySort, ...DirectorySort[]]);
const cursorParam = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/);

/** Reads ?search=&category=&sort=&after= leniently: anything invalid is ignored and explained in `notes`, never thrown. */
export function parseDirectoryParams(query: URLSearchParams): DirectoryParams {
  const search = parseSearch(query.get('search'));
  const notes = [...search.notes];

  const rawCategory = query.get('category') ?? '';
  const parsedCategory = categoryParam.safeParse(rawCategory);
  if (rawCategory !== '' && rawCategory !== 'all' && !parsedCategory.success) {
    notes.push(`Unknown category "${rawCategory}" was ignored: showing all categories.`);
  }

  const rawSort = query.get('sort') ?? '';
  const parsedSort = sortParam.safeParse(rawSort);
  if (rawSort !== '' && !parsedSort.success) {
    notes.push(
      `Unknown sort "${rawSort}" was ignored: showing ${DIRECTORY_SORTS[DEFAULT_DIRECTORY_SORT].label.toLowerCase()}.`,
    );
  }

  const rawAfter = query.get('after') ?? '';
  const parsedAfter = cursorParam.safeParse(rawAfter);
  if (rawAfter !== '' && !parsedAfter.success)
    notes.push('The page position was not understood, so the list starts at the beginning.');

  return {
    search: search.text,
    terms: search.terms,
    category: parsedCategory.success ? parsedCategory.data : null,
    sort: parsedSort.success ? parsedSort.data : DEFAULT_DIRECTORY_SORT,
    after: parsedAfter.success ? parsedAfter.data : null,
    notes,
  };
}

/** The directory URL for a set of filters (defaults left out, so the plain page stays /directory). */
export function directoryHref(params: {
  search?: string;
  category?: UserCategory | null;
  sort?: DirectorySort;
  after?: string | null;
}): string {
  const query = new URLSearchParams();
  if (params.search) query.set('search', params.search);
  if (params.category) query.set('category', params.category);
  if (params.sort && params.sort !== DEFAULT_DIRECTORY_SORT) query.set('sort', params.sort);
  if (params.after) query.set('after', params.after);
  const text = query.toString();
  return text ? `/directory?${text}` : '/directory';
}

/**
 * The count line: 'Showing X of Y users', plus ' in <category>' when one is
 * filtered. X counts every member matching the filters (not just this page); when
 * a multi-word search could only be counted by its longest word, X is an upper bound
 * and reads 'up to X'.
 */
export function countLine(
  matching: number,
  total: number,
  category: UserCategory | null,
  exact = true,
): string {
  const shown = exact ? String(matching) : `up to ${matching}`;
  return `Showing ${shown} of ${total} users${category ? ` in ${category}` : ''}`;
}

/** The empty state's two lines: the search wins over the category, which wins over the plain list. */
export function emptyState(search: string, category: UserCategory | null): { title: string; detail: string } {
  const detail = search
    ? `No users match "${search}"`
    : category
      ? `No users in ${categoryLabel(category)}`
      : 'No users available';
  return { title: 'No users found', detail };
}

/** The name a card shows. */
export function memberName(member: Pick<DirectoryMember, 'display_name'>): string {
  return member.display_name?.trim() || 'Anonymous User';
}

/** The about text a card shows. */
export function memberAbout(member: Pick<DirectoryMember, 'about_me'>): string {
  return member.about_me?.trim() || 'No description available';
}

/** The card's books line ('3 books', '1 book'), or null for categories that do not publish books. */
export function memberBooksLine(
  member: Pick<DirectoryMember, 'category' | 'role' | 'book_count'>,
): string | null {
  if (!showsBookCount(cardCategory(member))) return null;
  return `${member.book_count} ${member.book_count === 1 ? 'book' : 'books'}`;
}

function compareBy(sort: DirectorySort) {
  return (a: DirectoryMember, b: DirectoryMember): number => {
    for (const [field, direction] of DIRECTORY_SORTS[sort].order) {
      const left =
        field === 'created_at'
          ? a.created_at.getTime()
          : field === 'sort_name'
            ? (a.sort_name ?? sortName(a.display_name))
            : a.book_count;
      const right =
        field === 'created_at'
          ? b.created_at.getTime()
          : field === 'sort_name'
            ? (b.sort_name ?? sortName(b.display_name))
            : b.book_count;
      if (left !== right) return (left < right ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    const last = DIRECTORY_SORTS[sort].order.at(-1)?.[1] ?? 'asc';
    return (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) * (last === 'asc' ? 1 : -1);
  };
}

/**
 * The whole directory rule in memory, as the Firestore queries implement it: only
 * listed members (the caller passes active, approved ones), the search terms, the
 * exact category, then the sort. Tests compare the pages with it.
 */
export function filterAndSortMembers(
  members: readonly DirectoryMember[],
  params: Pick<DirectoryParams, 'terms' | 'category' | 'sort'>,
): DirectoryMember[] {
  return members
    .filter((member) => params.category === null || member.category === params.category)
    .filter(
      (member) =>
        params.terms.length === 0 ||
        matchesAllTerms(member.search_keywords ?? profileSearchKeywords(member), params.terms),
    )
    .sort(compareBy(params.sort));
}

/** Splits members into the three groups in the spec's order, leaving out empty groups. Members without a category are in none. */
export function groupMembers<M extends Pick<DirectoryMember, 'category'>>(
  members: readonly M[],
): Array<{ category: UserCategory; label: string; members: M[] }> {
  return DIRECTORY_GROUPS.map((group) => ({
    category: group.category,
    label: group.label,
    members: members.filter((member) => member.category === group.category),
  })).filter((group) => group.members.length > 0);
}
