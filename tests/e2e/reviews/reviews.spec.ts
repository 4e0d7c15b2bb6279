// Readers' voices on a book page, on members each test creates: a member rates a
// book and writes a review (light markup; a script stays text), which then shows
// on the book page with the new average and on the member's profile, and puts the
// book on a shelf, which the profile lists.
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs, storedBook } from '../helpers/members';

test('a member shelves and rates a book and writes a review that appears on the book page with the new average', async ({
  page,
}) => {
  const author = await freshMember('Rhea Author');
  const earlier = await freshMember('Elm Reader');
  const reader = await freshMember('Rory Reader');
  const db = adminDb();
  // A public book already rated 2 stars by another member (as saveReview stores it).
  const book = await db.collection('books').add(
    storedBook(author, 'Salt and Lanterns', {
      owner_public: true,
      is_public: true,
      rating_count: 1,
      rating_sum: 2,
    }),
  );
  const at = new Date(Date.now() - 60_000);
  await db.doc(`book_reviews/${book.id}__${earlier.uid}`).set({
    book_id: book.id,
    book_title: 'Salt and Lanterns',
    user_id: earlier.uid,
    reviewer: { display_name: earlier.displayName, page_slug: earlier.slug },
    reviewer_public: true,
    rating: 2,
    text: 'Not for me.',
    created_at: at,
    updated_at: at,
  });

  await signInAs(page, reader);
  await page.goto(`/book/${book.id}`);
  const reviews = page.getByRole('region', { name: 'Ratings and reviews' });
  await expect(reviews.getByText('2.0 out of 5 from 1 rating')).toBeVisible();
  await expect(reviews.getByRole('heading', { name: 'Rate this book' })).toBeVisible({ timeout: 20_000 });

  await reviews.getByRole('button', { name: 'Post review' }).click();
  await expect(reviews.getByText('Please choose a rating from 1 to 5 stars.')).toBeVisible();

  await reviews.getByRole('radio', { name: '5 stars' }).check();
  await reviews
    .getByLabel('Your review (optional)')
    .fill('**Loved** every page.\n<script>window.reviewed = true</script>');
  await reviews.getByRole('button', { name: 'Post review' }).click();

  await expect(page.getByText('Review saved')).toBeVisible({ timeout: 20_000 });
  await expect(reviews.getByText('3.5 out of 5 from 2 ratings')).toBeVisible();
  const mine = reviews.getByRole('listitem').filter({ hasText: reader.displayName });
  await expect(mine.locator('strong', { hasText: 'Loved' })).toBeVisible();
  await expect(mine.getByText('<script>window.reviewed = true</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as { reviewed?: boolean }).reviewed)).toBeUndefined();
  // Newest first: the new review above the earlier one.
  await expect(reviews.getByRole('listitem').first()).toContainText(reader.displayName);
  await expect(reviews.getByRole('heading', { name: 'Edit your review' })).toBeVisible({ timeout: 20_000 });

  // The shelf picker: saved as soon as a shelf is chosen (the radio shows it once setShelf answered).
  const read = reviews
    .getByRole('group', { name: 'Your shelf' })
    .getByRole('radio', { name: 'Read', exact: true });
  await expect(read).toBeEnabled({ timeout: 20_000 });
  await read.click();
  await expect(page.getByText('On your ‘Read’ shelf')).toBeVisible({ timeout: 20_000 });
  await expect(read).toBeChecked();

  await page.goto(`/profile/${reader.slug}`);
  const onProfile = page.getByRole('region', { name: 'Reviews' });
  await expect(onProfile.getByRole('link', { name: 'Salt and Lanterns' })).toBeVisible();
  await expect(onProfile.getByText('Rated 5 out of 5')).toBeAttached();
  const shelves = page.getByRole('region', { name: 'Shelves' });
  await expect(
    shelves.getByRole('region', { name: 'Read' }).getByRole('link', { name: 'Salt and Lanterns' }),
  ).toBeVisible();
});
