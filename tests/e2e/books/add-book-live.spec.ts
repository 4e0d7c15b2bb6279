// "Add a book" end to end, against the local Open Library stand-in: a reader finds a book
// that is not on Shelfmark by its title and another by its ISBN, adds each from Open
// Library, lands on its page and shelves and rates it; a book no source knows is added by
// hand after the ISBN's check digit is corrected. In the mutating run: it adds books.
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { freshMember, signInAs } from '../helpers/members';

test('a reader finds a book by title, adds it from Open Library, shelves and rates it', async ({ page }) => {
  const reader = await freshMember('Orla Reader');
  await signInAs(page, reader);
  await page.goto('/books/add');
  const search = page.getByRole('search', { name: 'Find a book' });
  await search.getByLabel('Title, author or ISBN').fill('Bleak House');
  await search.getByRole('button', { name: 'Search' }).click();
  const fromSource = page.getByRole('region', { name: 'From Open Library' });
  await expect(fromSource.getByText('Bleak House', { exact: true })).toBeVisible({ timeout: 20_000 });
  // The page with its results, and its by-hand form open, has no accessibility violations.
  await page.locator('[data-add-by-hand] summary').click();
  await expectNoAxeViolations(page);
  await fromSource.getByRole('button', { name: 'Add to Shelfmark for Bleak House' }).click();

  await page.waitForURL(/\/book\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
  const bookId = new URL(page.url()).pathname.split('/').at(-1)!;
  await expect(page.getByRole('heading', { level: 1, name: 'Bleak House' })).toBeVisible();
  await expect(page.getByText('by Charles Dickens')).toBeVisible();
  const stored = (await adminDb().doc(`books/${bookId}`).get()).data();
  expect(stored).toMatchObject({ kind: 'catalogue', source_id: 'OL2000110W', added_by: reader.uid });

  const reviews = page.getByRole('region', { name: 'Ratings and reviews' });
  const read = reviews
    .getByRole('group', { name: 'Your shelf' })
    .getByRole('radio', { name: 'Read', exact: true });
  await expect(read).toBeEnabled({ timeout: 20_000 });
  await read.click();
  await expect(page.getByText('On your ‘Read’ shelf')).toBeVisible({ timeout: 20_000 });
  await reviews.getByRole('radio', { name: '4 stars' }).check();
  await reviews.getByLabel('Your review (optional)').fill('Slow, wise and kind.');
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Review saved')).toBeVisible({ timeout: 20_000 });
  await expect(reviews.getByText('4.0 out of 5 from 1 rating')).toBeVisible();

  // Searched again, it is Shelfmark's book now.
  await page.goto('/books/add?q=bleak%20house');
  const onShelfmark = page.getByRole('region', { name: 'On Shelfmark' });
  await expect(onShelfmark.getByRole('link', { name: 'Open Bleak House' })).toHaveAttribute(
    'href',
    `/book/${bookId}`,
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByRole('button', { name: 'Add to Shelfmark for Bleak House' })).toHaveCount(0);
});

test('a reader finds a book by its ISBN, and adds one nobody knows by hand', async ({ page }) => {
  const reader = await freshMember('Ira Reader');
  await signInAs(page, reader);
  await page.goto('/books/add');
  const search = page.getByRole('search', { name: 'Find a book' });
  await search.getByLabel('Title, author or ISBN').fill('978-0-904038-02-6');
  await search.getByRole('button', { name: 'Search' }).click();
  const fromSource = page.getByRole('region', { name: 'From Open Library' });
  await expect(fromSource.getByText('ISBN 9780904038026', { exact: false })).toBeVisible({ timeout: 20_000 });
  await fromSource.getByRole('button', { name: 'Add to Shelfmark for War and Peace' }).click();
  await page.waitForURL(/\/book\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'War and Peace' })).toBeVisible();

  // Nothing anywhere: the by-hand form opens, checks the ISBN and adds the book.
  await page.goto('/books/add');
  await search.getByLabel('Title, author or ISBN').fill('Quillwort Almanac of Tides');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No book matches that search, on Shelfmark or in Open Library.')).toBeVisible({
    timeout: 20_000,
  });
  const hand = page.getByRole('form', { name: 'Add a book by hand' });
  await hand.getByLabel('Title').fill('Quillwort Almanac of Tides');
  await hand.getByLabel('Author').fill('Petra Quill');
  await hand.getByLabel('ISBN (optional)').fill('9781861978760');
  await hand.getByRole('button', { name: 'Add book' }).click();
  await expect(hand.getByText('This ISBN’s check digit is wrong.')).toBeVisible();
  await hand.getByLabel('ISBN (optional)').fill('1-86197-876-6');
  await hand.getByRole('button', { name: 'Add book' }).click();
  await page.waitForURL(/\/book\/[A-Za-z0-9_-]+$/, { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Quillwort Almanac of Tides' })).toBeVisible();
  await expect(page.getByText(/not yet reviewed by a librarian/)).toBeVisible();
});

test('a visitor is asked to sign in', async ({ page }) => {
  await page.goto('/books/add');
  await expect(page.getByText('Sign in to add books to Shelfmark.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
});
