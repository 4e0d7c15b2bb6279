// A catalogue book (a book no member lists) on its page, as readers use it: a
// signed-in reader puts one on a shelf and rates it, and one hidden by a moderator is
// Book Not Found. Each test adds a catalogue book of its own, as the 'Add a book'
// callables store one, so the seeded ones keep their totals (the page as a visitor
// sees it: catalogue-book-page.spec.ts). Runs with the specs that change data.
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs } from '../helpers/members';

test('a catalogue book hidden by a moderator is Book Not Found', async ({ page }) => {
  const hidden = await adminDb()
    .collection('books')
    .add({
      ...catalogueDoc('The Withdrawn Atlas'),
      moderation_hidden: true,
    });
  const response = await page.goto(`/book/${hidden.id}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book Not Found');
});

test('a signed-in reader puts a catalogue book on a shelf and rates it', async ({ page }) => {
  const reader = await freshMember('Cato Reader');
  const title = `The Harbour Almanac ${reader.uid.slice(0, 6)}`;
  const book = await adminDb().collection('books').add(catalogueDoc(title));

  await signInAs(page, reader);
  await page.goto(`/book/${book.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  const reviews = page.getByRole('region', { name: 'Ratings and reviews' });
  await expect(reviews.getByRole('heading', { name: 'Rate this book' })).toBeVisible({ timeout: 20_000 });

  const wantToRead = reviews
    .getByRole('group', { name: 'Your shelf' })
    .getByRole('radio', { name: 'Want to read', exact: true });
  await expect(wantToRead).toBeEnabled({ timeout: 20_000 });
  await wantToRead.click();
  await expect(page.getByText('On your ‘Want to read’ shelf')).toBeVisible({ timeout: 20_000 });
  await expect(wantToRead).toBeChecked();

  await reviews.getByRole('radio', { name: '4 stars' }).check();
  await reviews.getByLabel('Your review (optional)').fill('A fine companion for a rainy week.');
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Review saved')).toBeVisible({ timeout: 20_000 });
  await expect(reviews.getByText('4.0 out of 5 from 1 rating')).toBeVisible();
  await expect(reviews.getByRole('listitem').filter({ hasText: reader.displayName })).toContainText(
    'A fine companion for a rainy week.',
  );

  const stored = (await adminDb().doc(`books/${book.id}`).get()).data();
  expect(stored).toMatchObject({ rating_count: 1, rating_sum: 4 });
});

/** A catalogue book as the 'Add a book' callables store one (two editions, no cover). */
function catalogueDoc(title: string): Record<string, unknown> {
  const now = new Date();
  return {
    kind: 'catalogue',
    title,
    authors: [{ name: 'Wren Tallis', source_id: 'OL900001A' }],
    description: 'Tide tables and harbour lore.',
    cover_image: null,
    subjects: ['Harbours'],
    editions: [
      { source_id: 'OL900001M', isbn: null, format: 'Paperback', publication_year: 1990, language: 'en' },
      { source_id: 'OL900002M', isbn: null, format: 'Hardcover', publication_year: 1985, language: 'en' },
    ],
    isbn: null,
    first_published: 1985,
    source: 'openlibrary',
    source_id: 'OL900001W',
    needs_review: false,
    added_by: 'demo-reader',
    match_key: null,
    search_keywords: [],
    is_public: false,
    is_active: true,
    moderation_hidden: false,
    rating_count: 0,
    rating_sum: 0,
    created_at: now,
    updated_at: now,
  };
}
