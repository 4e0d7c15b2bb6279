// The member directory's reads. Every view costs a bounded number of reads however
// many members there are: one count() per number on the page, and one paged query
// per list (a page of the flat grid, or a short page per group), ordered and
// filtered in Firestore on denormalised fields (sort_name, search_keywords,
// book_count) instead of reading every member. A flat list pages through
// cursor-pages.ts like every other listing (the Load more cursor is a profile id).
import { FieldPath, type DocumentSnapshot, type Firestore, type Query } from 'firebase-admin/firestore';
import { tryParseDoc } from '../../firestore-convert.ts';
import {
  DIRECTORY_CARD_FIELDS,
  DIRECTORY_GROUPS,
  DIRECTORY_GROUP_SIZE,
  DIRECTORY_PAGE_SIZE,
  DIRECTORY_SORTS,
  MULTI_WORD_SCAN_FACTOR,
  directoryMemberSchema,
  filterAndSortMembers,
  groupMembers,
  type DirectoryMember,
  type DirectoryParams,
  type DirectorySort,
} from '../../../domain/accounts/directory.ts';
import { matchesAllTerms, primaryTerm } from '../../../domain/shared/list-search.ts';
import type { UserCategory } from '../../../domain/accounts/profile.ts';
import { cursorBatches } from '../shared/cursor-pages.ts';
import { getDb } from '../shared/firestore.ts';
import { meterCount, meterQuery } from '../shared/read-meter.ts';

/** The filters of one list. */
export interface DirectoryFilter {
  /** Search terms: the primary (longest) is matched in Firestore, the others in memory. */
  terms: readonly string[];
  /** Exact category, or null for all. */
  category: UserCategory | null;
}

/** One page of members and where the next one starts. */
export interface DirectoryPage {
  members: DirectoryMember[];
  /** Id to pass as `after` for the next page, or null when this is the last page. */
  next: string | null;
}

/** Active, approved profiles (the filter firestore.rules requires for visitors) with the view's filters. */
function filtered(db: Firestore, filter: DirectoryFilter): Query {
  let query: Query = db
    .collection('profiles')
    .where('is_active', '==', true)
    .where('approval_status', '==', 'approved');
  if (filter.category) query = query.where('category', '==', filter.category);
  const primary = primaryTerm(filter.terms);
  if (primary) query = query.where('search_keywords', 'array-contains', primary);
  return query;
}

function ordered(query: Query, sort: DirectorySort): Query {
  const order = DIRECTORY_SORTS[sort].order;
  for (const [field, direction] of order) query = query.orderBy(field, direction);
  // The document id makes the order total, so a cursor never skips or repeats a member.
  return query.orderBy(FieldPath.documentId(), order.at(-1)?.[1] ?? 'asc');
}

/** Parses a member, or null for a malformed document (logged once), which the page leaves out rather than failing. */
function toMember(doc: DocumentSnapshot): DirectoryMember | null {
  return tryParseDoc(directoryMemberSchema, doc);
}

/** A page of the directory as read, and whether its `after` cursor still named a profile. */
export interface DirectoryPageRead extends DirectoryPage {
  /** False when `after` named a profile that is gone: the page then starts at the beginning. */
  cursorFound: boolean;
}

/**
 * One page of the directory in the chosen order, starting after the profile
 * `after` (from the beginning when it is gone). With several search terms, up
 * to MULTI_WORD_SCAN_FACTOR pages of primary-term matches are read and filtered
 * by the other terms in memory; the next page then resumes after the last
 * member examined.
 */
export async function getDirectoryPage(
  filter: DirectoryFilter,
  sort: DirectorySort,
  options: { limit: number; after?: string },
  db: Firestore = getDb(),
): Promise<DirectoryPageRead> {
  const multiWord = filter.terms.length > 1;
  const fetchLimit = multiWord ? options.limit * MULTI_WORD_SCAN_FACTOR : options.limit + 1;
  const query = ordered(filtered(db, filter), sort).select(
    ...DIRECTORY_CARD_FIELDS,
    ...(multiWord ? ['search_keywords'] : []),
  );
  const { cursorFound, fetchBatch } = await cursorBatches(
    db,
    'profiles',
    query,
    options.after,
    () => true,
    // A malformed document is left out of the page but still moves the cursor past it.
    (doc) => ({ id: doc.id, member: toMember(doc) }),
  );
  const read = await fetchBatch(cursorFound ? options.after : undefined, fetchLimit);

  if (!multiWord) {
    // A malformed document in the page is left out (the page shows one card fewer)
    // and the cursor still moves past it, so the reads stay bounded.
    const members = read
      .slice(0, options.limit)
      .map((item) => item.member)
      .filter((m): m is DirectoryMember => m !== null);
    const next = read.length > options.limit ? (read[options.limit - 1]?.id ?? null) : null;
    return { members, next, cursorFound };
  }

  const members: DirectoryMember[] = [];
  for (const [index, { id, member }] of read.entries()) {
    if (member && matchesAllTerms(member.search_keywords, filter.terms)) members.push(member);
    if (members.length === options.limit) {
      const more = index < read.length - 1 || read.length === fetchLimit;
      return { members, next: more ? id : null, cursorFound };
    }
  }
  // The scan ran out before the page was full: more may follow only if the scan was cut by its limit.
  return { members, next: read.length === fetchLimit ? (read.at(-1)?.id ?? null) : null, cursorFound };
}

/** Number of members matching the filter (by the primary search term only). */
export async function countDirectory(filter: DirectoryFilter, db: Firestore = getDb()): Promise<number> {
  const snap = await filtered(db, filter).count().get();
  const count = snap.data().count;
  meterCount(count);
  return count;
}

/** Everything one directory view shows. */
export interface DirectoryView {
  /** Y: every listed member. */
  total: number;
  /** X: members matching the filters. */
  matching: number;
  /** False when X could only be counted by the primary one of several search terms (an upper bound). */
  exact: boolean;
  /** The groups (all categories) in the spec's order, empty ones left out, or null for a flat list. */
  groups: Array<{ category: UserCategory; label: string; members: DirectoryMember[]; more: boolean }> | null;
  /** The flat list (one category selected), or null when grouped. */
  list: DirectoryPage | null;
  /** Notes for the visitor about ignored parameters. */
  notes: string[];
}

/**
 * Loads one view of the directory: the two counts and either the three group
 * pages (all categories, first page only) or one page of the flat grid. About
 * 2 + 3 × (DIRECTORY_GROUP_SIZE + 1) reads grouped, 3 + DIRECTORY_PAGE_SIZE + 1 flat
 * (four times the list part for a multi-word search).
 */
export async function getDirectoryView(
  params: DirectoryParams,
  db: Firestore = getDb(),
): Promise<DirectoryView> {
  const notes = [...params.notes];
  const filter: DirectoryFilter = { terms: params.terms, category: params.category };
  const unfiltered = params.terms.length === 0 && params.category === null;
  const multiWord = params.terms.length > 1;

  const [total, primaryTermMatches] = await Promise.all([
    countDirectory({ terms: [], category: null }, db),
    unfiltered ? Promise.resolve(-1) : countDirectory(filter, db),
  ]);
  const matchingUpperBound = unfiltered ? total : primaryTermMatches;

  if (params.category === null) {
    if (params.after)
      notes.push('Paging applies to one category at a time, so the list starts at the beginning.');
    const groups = await Promise.all(
      DIRECTORY_GROUPS.map(async (group) => {
        const page = await getDirectoryPage(
          { terms: params.terms, category: group.category },
          params.sort,
          { limit: DIRECTORY_GROUP_SIZE },
          db,
        );
        return {
          category: group.category,
          label: group.label,
          members: page.members,
          more: page.next !== null,
        };
      }),
    );
    // When no group has more to show, the members on the page are all the matches, so X is exact.
    const complete = groups.every((group) => !group.more);
    const shown = groups.reduce((sum, group) => sum + group.members.length, 0);
    const exact = !multiWord || complete;
    return {
      total,
      matching: multiWord && complete ? shown : matchingUpperBound,
      exact,
      groups: groups.filter((group) => group.members.length > 0),
      list: null,
      notes,
    };
  }

  const { cursorFound, ...list } = await getDirectoryPage(
    filter,
    params.sort,
    { limit: DIRECTORY_PAGE_SIZE, after: params.after ?? undefined },
    db,
  );
  if (!cursorFound) notes.push('The page position no longer exists, so the list starts at the beginning.');
  const complete = !(params.after && cursorFound) && list.next === null;
  return {
    total,
    matching: multiWord && complete ? list.members.length : matchingUpperBound,
    exact: !multiWord || complete,
    groups: null,
    list,
    notes,
  };
}

/** How many profiles the fallback reads at most (the newest listed members). */
export const DIRECTORY_FALLBACK_LIMIT = 500;

/**
 * The directory read the simple way, for when its indexed queries fail (a missing
 * index, a field the query needs gone bad): the listed profiles themselves
 * (active and approved; equality filters need no composite index), at most
 * DIRECTORY_FALLBACK_LIMIT of them, then the same search, category, order,
 * groups and paging as the queries, in memory. X and Y count what was read, so
 * they read 'up to' when the limit cut the list.
 */
export async function getDirectoryFallbackView(
  params: DirectoryParams,
  db: Firestore = getDb(),
): Promise<DirectoryView> {
  const snap = await db
    .collection('profiles')
    .where('is_active', '==', true)
    .where('approval_status', '==', 'approved')
    .select(...DIRECTORY_CARD_FIELDS, 'search_keywords')
    .limit(DIRECTORY_FALLBACK_LIMIT)
    .get();
  meterQuery(snap);
  const listed = snap.docs.map(toMember).filter((m): m is DirectoryMember => m !== null);
  const matches = filterAndSortMembers(listed, params);
  const exact = snap.size < DIRECTORY_FALLBACK_LIMIT;
  const counts = { total: listed.length, matching: matches.length, exact };
  const notes = [...params.notes];

  if (params.category === null) {
    if (params.after)
      notes.push('Paging applies to one category at a time, so the list starts at the beginning.');
    const groups = groupMembers(matches).map((group) => ({
      ...group,
      members: group.members.slice(0, DIRECTORY_GROUP_SIZE),
      more: group.members.length > DIRECTORY_GROUP_SIZE,
    }));
    return { ...counts, groups, list: null, notes };
  }
  let start = 0;
  if (params.after) {
    const index = matches.findIndex((member) => member.id === params.after);
    if (index === -1) notes.push('The page position no longer exists, so the list starts at the beginning.');
    else start = index + 1;
  }
  const members = matches.slice(start, start + DIRECTORY_PAGE_SIZE);
  const more = matches.length > start + DIRECTORY_PAGE_SIZE;
  return {
    ...counts,
    groups: null,
    list: { members, next: more ? (members.at(-1)?.id ?? null) : null },
    notes,
  };
}

/**
 * The directory view from its indexed queries; when they fail, the failure is
 * logged and the profiles are read directly instead (getDirectoryFallbackView).
 * Throws only when both fail.
 */
export async function loadDirectoryView(
  params: DirectoryParams,
  db: Firestore = getDb(),
): Promise<DirectoryView> {
  try {
    return await getDirectoryView(params, db);
  } catch (error) {
    console.error('Failed to load the member directory; reading the profiles directly.', error);
    return getDirectoryFallbackView(params, db);
  }
}
