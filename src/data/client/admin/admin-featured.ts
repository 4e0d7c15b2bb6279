/**
 * Featured books and authors for the admin dashboard: the slots as they are, a
 * page of all books, the members who may be featured, and the adminFeatured
 * callable. Admins read every book and profile (firestore.rules). Loaded lazily.
 */
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  startAfter,
  where,
  type QueryConstraint,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import {
  mergeBookSearch,
  type AdminFeaturedRequest,
  type AdminFeaturedResult,
} from '../../../domain/admin/admin-featured.ts';
import {
  FEATURED_BOOK_SLOTS,
  FEATURED_PROFILE_SLOTS,
  featuredBookSchema,
  featuredProfileSchema,
  toSlots,
} from '../../../domain/home/featured.ts';
import { foldText } from '../../../domain/shared/list-search.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

/** A book as the dashboard lists it. */
export interface BookItem {
  id: string;
  title: string;
  author: string;
  is_active: boolean;
  is_featured: boolean;
}

/** A member as the featured-author picker lists them. */
export interface ProfileItem {
  uid: string;
  display_name: string;
  page_slug: string;
  category: string;
}

/** Rows per page of the book list and the picker. */
export const FEATURED_PAGE_SIZE = 20;

function bookItem(id: string, data: Record<string, unknown> | undefined): BookItem {
  const author = data?.author as { display_name?: unknown } | undefined;
  return {
    id,
    title: typeof data?.title === 'string' ? data.title : '(untitled)',
    author: typeof author?.display_name === 'string' ? author.display_name : '',
    is_active: data?.is_active !== false,
    is_featured: data?.is_featured === true,
  };
}

function profileItem(id: string, data: Record<string, unknown> | undefined): ProfileItem {
  const text = (key: string) => (typeof data?.[key] === 'string' ? (data[key] as string) : '');
  return {
    uid: id,
    display_name: text('display_name'),
    page_slug: text('page_slug'),
    category: text('category'),
  };
}

/** The 12 book slots with their books (null when empty or the book is gone). */
export async function loadBookSlots(): Promise<(BookItem | null)[]> {
  const entries = parseDocs(featuredBookSchema, (await getDocs(collection(db(), 'featured_books'))).docs);
  const slots = toSlots(entries, FEATURED_BOOK_SLOTS);
  return Promise.all(
    slots.map(async (slot) => {
      if (!slot) return null;
      const snapshot = await getDoc(doc(db(), 'books', slot.book_id));
      return snapshot.exists() ? bookItem(snapshot.id, snapshot.data()) : null;
    }),
  );
}

/** The 6 author slots with their members (null when empty or the member is gone). */
export async function loadProfileSlots(): Promise<(ProfileItem | null)[]> {
  const entries = parseDocs(
    featuredProfileSchema,
    (await getDocs(collection(db(), 'featured_profiles'))).docs,
  );
  const slots = toSlots(entries, FEATURED_PROFILE_SLOTS);
  return Promise.all(
    slots.map(async (slot) => {
      if (!slot) return null;
      const snapshot = await getDoc(doc(db(), 'profiles', slot.user_id));
      return snapshot.exists() ? profileItem(snapshot.id, snapshot.data()) : null;
    }),
  );
}

/** The first folded search word (stored keywords are word prefixes), or null. */
function keyword(search: string): string | null {
  const word = foldText(search.trim())
    .split(/[^\p{L}\p{N}]+/u)
    .find((part) => part.length >= 2);
  return word ? word.slice(0, 20) : null;
}

/**
 * A page of books, newest first, or those whose title or author starts a word
 * with the search. A search reads the keyword index and the newest page, matched
 * in memory (mergeBookSearch), so a book created moments ago is found before the
 * trigger has indexed it: at most two pages of reads.
 */
export async function listBooks(
  search: string,
  after: string | null,
): Promise<{ items: BookItem[]; next: string | null }> {
  const word = keyword(search);
  const books = collection(db(), 'books');
  const cursor = after ? [startAfter(await getDoc(doc(db(), 'books', after)))] : [];
  if (!word) {
    const snapshot = await getDocs(
      query(books, orderBy('created_at', 'desc'), ...cursor, limit(FEATURED_PAGE_SIZE)),
    );
    return {
      items: snapshot.docs.map((d) => bookItem(d.id, d.data())),
      next: snapshot.size === FEATURED_PAGE_SIZE ? (snapshot.docs.at(-1)?.id ?? null) : null,
    };
  }
  const [indexed, newest] = await Promise.all([
    getDocs(
      query(
        books,
        where('search_keywords', 'array-contains', word),
        orderBy('created_at', 'desc'),
        ...cursor,
        limit(FEATURED_PAGE_SIZE),
      ),
    ),
    after ? null : getDocs(query(books, orderBy('created_at', 'desc'), limit(FEATURED_PAGE_SIZE))),
  ]);
  const searchable = (d: QueryDocumentSnapshot) => {
    const item = bookItem(d.id, d.data());
    return { id: d.id, title: item.title, author: { display_name: item.author }, item };
  };
  const merged = mergeBookSearch(
    indexed.docs.map(searchable),
    newest?.docs.map(searchable) ?? [],
    search,
    FEATURED_PAGE_SIZE,
  );
  return {
    items: merged.map((book) => book.item),
    next: indexed.size === FEATURED_PAGE_SIZE ? (indexed.docs.at(-1)?.id ?? null) : null,
  };
}

/** Active, approved members matching the search (by name word), leaving out `exclude`. */
export async function searchFeaturableProfiles(
  search: string,
  exclude: ReadonlySet<string>,
): Promise<ProfileItem[]> {
  const word = keyword(search);
  const constraints: QueryConstraint[] = [
    where('is_active', '==', true),
    where('approval_status', '==', 'approved'),
  ];
  if (word) constraints.push(where('search_keywords', 'array-contains', word));
  const snapshot = await getDocs(
    query(collection(db(), 'profiles'), ...constraints, limit(FEATURED_PAGE_SIZE + exclude.size)),
  );
  return snapshot.docs
    .map((d) => profileItem(d.id, d.data()))
    .filter((item) => !exclude.has(item.uid))
    .slice(0, FEATURED_PAGE_SIZE);
}

/** Runs one featured-slot change; never throws. */
export function adminFeatured(request: AdminFeaturedRequest): Promise<CallOutcome<AdminFeaturedResult>> {
  return callFunction('adminFeatured', request);
}
