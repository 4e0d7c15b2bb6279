// Reviews that say how a book feels: a reader rates a book with moods, a pace, a content
// warning and a spoiler; the review shows its answers and keeps the spoiler closed until
// a reader opens it; and a book enough members answered for shows the community's
// breakdown to visitors, rendered with the page (the seeded Frankenstein). Adds a
// catalogue book of its own, so it runs with the specs that change data.
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { freshMember, signInAs } from '../helpers/members';

test('a reader posts a review with moods, a pace, a warning and a spoiler, shown closed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const reader = await freshMember('Mood Reader');
  const title = `The Salt Orchard ${reader.uid.slice(0, 6)}`;
  const book = await adminDb().collection('books').add(catalogueDoc(title));

  await signInAs(page, reader);
  await page.goto(`/book/${book.id}`);
  const reviews = page.getByRole('region', { name: 'Ratings and reviews' });
  await expect(reviews.getByRole('heading', { name: 'Rate this book' })).toBeVisible({ timeout: 20_000 });
  await reviews.getByRole('radio', { name: '5 stars' }).check();
  await reviews.getByLabel('Your review (optional)').fill('Quietly devastating.');
  const moods = reviews.getByRole('group', { name: 'Moods (optional)' });
  await moods.getByRole('checkbox', { name: 'hopeful' }).check();
  await moods.getByRole('checkbox', { name: 'sad' }).check();
  await reviews.getByRole('group', { name: 'Pace (optional)' }).getByRole('radio', { name: 'slow' }).check();
  await reviews.getByText('Content warnings (optional)').click();
  await reviews.getByRole('checkbox', { name: 'grief' }).check();
  await reviews.getByLabel('A note on the warnings (optional)').fill('A parent’s death, off the page.');
  await reviews.getByLabel('Spoilers (optional)').fill('The orchard was never sold.');
  await expectNoAxeViolations(page);
  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Review saved')).toBeVisible({ timeout: 20_000 });

  const mine = reviews.getByRole('listitem').filter({ hasText: reader.displayName });
  await expect(mine).toContainText('hopeful · sad · slow-paced');
  await expect(mine).toContainText('Content warnings: grief; A parent’s death, off the page.');
  const spoiler = mine.getByText('The orchard was never sold.');
  await expect(spoiler).toBeHidden();
  await mine.getByText('Show spoiler').click();
  await expect(spoiler).toBeVisible();

  // One answer is not enough for a breakdown; the book stores it exactly.
  await expect(reviews.locator('[data-feel-summary]')).toHaveCount(0);
  const stored = (await adminDb().doc(`books/${book.id}`).get()).get('feel_totals') as unknown;
  expect(stored).toEqual({
    moods_answered: 1,
    moods: { hopeful: 1, sad: 1 },
    pace_answered: 1,
    pace: { slow: 1 },
    warnings: { grief: 1 },
  });

  // The form comes back with the answers for an edit.
  await page.reload();
  await expect(reviews.getByRole('heading', { name: 'Edit your review' })).toBeVisible({ timeout: 20_000 });
  await expect(moods.getByRole('checkbox', { name: 'hopeful' })).toBeChecked();
  await expect(
    reviews.getByRole('group', { name: 'Pace (optional)' }).getByRole('radio', { name: 'slow' }),
  ).toBeChecked();
});

test('a book enough readers answered for shows their moods, pace and warnings to visitors, without JavaScript', async ({
  browser,
}) => {
  const found = await adminDb().collection('books').where('title', '==', 'Frankenstein').limit(1).get();
  const id = found.docs[0]!.id;
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/book/${id}`);
  const summary = page.getByRole('region', { name: 'Ratings and reviews' }).locator('[data-feel-summary]');
  await expect(summary).toContainText('83 % dark');
  await expect(summary).toContainText('Mostly slow-paced');
  await expect(summary).toContainText('death (4)');
  await context.close();
});

/** A catalogue book as the 'Add a book' callables store one (one edition, no cover). */
function catalogueDoc(title: string): Record<string, unknown> {
  const now = new Date();
  return {
    kind: 'catalogue',
    title,
    authors: [{ name: 'Ilse Marrow', source_id: 'OL900101A' }],
    description: 'An orchard by the sea.',
    cover_image: null,
    subjects: ['Orchards'],
    editions: [
      { source_id: 'OL900101M', isbn: null, format: 'Paperback', publication_year: 2001, language: 'en' },
    ],
    isbn: null,
    first_published: 2001,
    source: 'openlibrary',
    source_id: 'OL900101W',
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
