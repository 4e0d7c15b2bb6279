// Shelves of one's own, on members the test creates: a member creates a shelf on
// their profile, puts a book on it from the book page in one click, and finds it
// on the shelf's own page and in their profile's Shelves section.
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs, storedBook } from '../helpers/members';

test('a custom shelf created and shown', async ({ page }) => {
  const author = await freshMember('Ula Author');
  const reader = await freshMember('Ivo Reader');
  const book = await adminDb()
    .collection('books')
    .add(storedBook(author, 'Salt Roads', { owner_public: true, is_public: true }));

  await signInAs(page, reader);
  await page.goto(`/profile/${reader.slug}`);
  const manager = page.getByRole('region', { name: 'Your shelf list' });
  await expect(manager.getByText('No shelves of your own yet.')).toBeVisible({ timeout: 20_000 });
  await manager.getByLabel('New shelf name').fill('Beach reads');
  await manager.getByRole('button', { name: 'Create shelf' }).click();
  await expect(page.getByText('Created the shelf ‘Beach reads’')).toBeVisible({ timeout: 20_000 });
  await expect(manager.getByRole('link', { name: 'Beach reads' })).toBeVisible();

  await page.goto(`/book/${book.id}`);
  const own = page.getByRole('group', { name: 'Your own shelves' });
  const beach = own.getByRole('checkbox', { name: 'Beach reads' });
  await expect(beach).toBeEnabled({ timeout: 20_000 });
  // Saved before the box shows it (a refused save leaves it as it was), so a click, not check().
  await beach.click();
  await expect(page.getByText('On your ‘Beach reads’ shelf')).toBeVisible({ timeout: 20_000 });
  await expect(beach).toBeChecked();

  await page.goto(`/profile/${reader.slug}/shelves/beach-reads`);
  await expect(page).toHaveTitle(/Beach reads: a shelf by Ivo Reader/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beach reads' })).toBeVisible();
  await expect(page.getByText('1 book', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Salt Roads' })).toHaveAttribute('href', `/book/${book.id}`);

  await page.goto(`/profile/${reader.slug}`);
  const shelves = page.getByRole('region', { name: 'Shelves' });
  await expect(shelves.getByRole('link', { name: /Beach reads/ })).toHaveAttribute(
    'href',
    `/profile/${reader.slug}/shelves/beach-reads`,
  );

  // A shelf that does not exist (or a renamed one's old address) is not found.
  const missing = await page.goto(`/profile/${reader.slug}/shelves/no-such-shelf`);
  expect(missing?.status()).toBe(404);
});
