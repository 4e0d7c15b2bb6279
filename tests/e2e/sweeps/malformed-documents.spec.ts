// One malformed document must not empty a block for everyone. Before the build,
// scripts/write-malformed-documents.ts stores a Book Author profile and a book that
// fail their schemas but match every public query, and are the newest of their
// kind: each list meets them first. The pre-rendered home page and the on-demand
// listings must show everything else and leave only those two out.
import type { Locator, Page } from '@playwright/test';
import { DIRECTORY_GROUP_SIZE, DIRECTORY_PAGE_SIZE } from '../../../src/domain/accounts/directory';
import { adminDb, expect, test } from '../helpers/fixtures';
import {
  MALFORMED_BOOK,
  MALFORMED_PROFILE,
  isListableBook,
  isListableMember,
  isListableProfile,
} from '../helpers/malformed-documents';

const section = (page: Page, heading: string) =>
  page.locator('section', { has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
const cardNames = (scope: Locator) => scope.locator('[data-member-name]').allTextContents();

/** Active, approved Book Authors as the directory's newest-first query returns them, malformed ones included. */
async function bookAuthorsNewestFirst() {
  const snap = await adminDb()
    .collection('profiles')
    .where('is_active', '==', true)
    .where('approval_status', '==', 'approved')
    .where('category', '==', 'Book Author')
    .get();
  return snap.docs
    .map((d) => ({
      id: d.id,
      name: d.get('display_name') as string,
      at: d.get('created_at').toMillis() as number,
      listable: isListableMember(d.id, d.data()),
    }))
    .sort((a, b) => b.at - a.at || a.id.localeCompare(b.id));
}

/** Active books of a listing newest first, malformed ones included. */
async function booksNewestFirst(flag?: 'has_free_reading' | 'has_audiobook') {
  let query = adminDb().collection('books').where('is_public', '==', true);
  if (flag) query = query.where(flag, '==', true);
  const snap = await query.get();
  return snap.docs
    .map((d) => ({
      id: d.id,
      at: d.get('created_at').toMillis() as number,
      listable: isListableBook(d.id, d.data()),
    }))
    .sort((a, b) => b.at - a.at);
}

test('the test data holds a profile and a book that match the public queries but fail only on one field each', async () => {
  const profile = (await adminDb().doc(`profiles/${MALFORMED_PROFILE.id}`).get()).data()!;
  expect(profile).toMatchObject({ is_active: true, approval_status: 'approved', category: 'Book Author' });
  expect(isListableProfile(MALFORMED_PROFILE.id, profile)).toBe(false);
  expect(isListableMember(MALFORMED_PROFILE.id, profile)).toBe(false);
  expect(isListableProfile(MALFORMED_PROFILE.id, { ...profile, social_links: {} })).toBe(true);

  const book = (await adminDb().doc(`books/${MALFORMED_BOOK.id}`).get()).data()!;
  expect(book).toMatchObject({
    is_active: true,
    category: 'fiction',
    has_free_reading: true,
    has_audiobook: true,
  });
  expect(isListableBook(MALFORMED_BOOK.id, book)).toBe(false);
  expect(isListableBook(MALFORMED_BOOK.id, { ...book, purchase_url: '' })).toBe(true);

  // The newest of their kind, so every newest-first list meets them first.
  expect((await bookAuthorsNewestFirst())[0]?.id).toBe(MALFORMED_PROFILE.id);
  expect((await booksNewestFirst())[0]?.id).toBe(MALFORMED_BOOK.id);
});

test('the pre-rendered home page still shows Meet Our Community and the featured books, without the malformed ones', async ({
  page,
}) => {
  const db = adminDb();
  const featured = (await db.collection('featured_profiles').get()).docs;
  const shownMembers: string[] = [];
  for (const entry of featured) {
    const snap = await db.doc(`profiles/${entry.get('user_id')}`).get();
    const data = snap.data();
    if (data?.is_active && data.approval_status === 'approved' && isListableProfile(snap.id, data))
      shownMembers.push(data.page_slug);
  }
  expect(shownMembers.length).toBeGreaterThan(0);

  await page.goto('/');
  const community = section(page, 'Meet Our Community');
  await expect(community.getByRole('listitem')).toHaveCount(6);
  for (const slug of shownMembers)
    await expect(community.locator(`a[href="/profile/${slug}"]`)).toHaveCount(1);
  await expect(section(page, 'Featured Books').locator('a[href^="/book/"]')).not.toHaveCount(0);
  await expect(page.getByText(MALFORMED_PROFILE.name)).toHaveCount(0);
  await expect(page.locator(`a[href="/profile/${MALFORMED_PROFILE.data.page_slug}"]`)).toHaveCount(0);
  await expect(page.getByText(MALFORMED_BOOK.title)).toHaveCount(0);
});

test('the directory shows the other Book Authors, newest first, and leaves the malformed one out', async ({
  page,
}) => {
  const authors = await bookAuthorsNewestFirst();
  // The group's query reads the first DIRECTORY_GROUP_SIZE (+1) authors; the malformed one is left out of them.
  const expectedGroup = authors
    .slice(0, DIRECTORY_GROUP_SIZE)
    .filter((a) => a.listable)
    .map((a) => a.name);
  expect(expectedGroup.length).toBeGreaterThan(0);

  await page.goto('/directory');
  const group = page.locator('[data-directory-group]', {
    has: page.getByRole('heading', { level: 2, name: 'Book Authors' }),
  });
  expect(await cardNames(group)).toEqual(expectedGroup);

  await page.goto('/directory?category=Book+Author');
  const expectedPage = authors
    .slice(0, DIRECTORY_PAGE_SIZE)
    .filter((a) => a.listable)
    .map((a) => a.name);
  expect(await cardNames(page.locator('main'))).toEqual(expectedPage);
  await expect(page.getByText(MALFORMED_PROFILE.name)).toHaveCount(0);
});

for (const [path, flag] of [
  ['/categories', undefined],
  ['/free-books', 'has_free_reading'],
  ['/audiobooks', 'has_audiobook'],
] as const) {
  test(`${path} shows a full first page of the other books, newest first, and never the malformed one`, async ({
    page,
  }) => {
    const books = await booksNewestFirst(flag);
    const listable = books.filter((b) => b.listable);
    await page.goto(path);
    const links = page.locator('#results > li a[href^="/book/"]:not([data-book-download])');
    // One query of 25 per page: the 25th book takes the malformed one's place.
    await expect(links).toHaveCount(Math.min(24, listable.length));
    const ids = (await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).map((href) =>
      href.replace('/book/', ''),
    );
    expect(ids).toEqual(listable.slice(0, 24).map((b) => b.id));
    await expect(page.locator(`a[href="/book/${MALFORMED_BOOK.id}"]`)).toHaveCount(0);
  });
}
