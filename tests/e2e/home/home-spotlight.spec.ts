// The home page's Spotlight: featured-book slots the admins left empty show Premium
// members' public books, each marked 'Spotlight'. Reads the seeded data only (the seed
// leaves slots 10-12 empty and runs the rotation step before the build).
import { adminDb, expect, test } from '../helpers/fixtures';

test("a visitor sees Premium members' public books marked Spotlight in the slots no admin filled", async ({
  page,
}) => {
  const db = adminDb();
  const state = (await db.doc('site_meta/spotlight').get()).data();
  const picks = (state?.picks ?? []) as string[];
  expect(picks.length, 'the seed chose Spotlight books').toBeGreaterThan(0);
  const featured = await db.collection('featured_books').get();
  const adminBooks = new Map(
    featured.docs.map((d) => [d.get('position') as number, d.get('book_id') as string]),
  );

  await page.goto('/');
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Featured Books', exact: true }),
  });
  const grid = section.getByRole('listitem');
  await expect(grid).toHaveCount(12);
  expect(
    await section.getByText('Spotlight', { exact: true }).count(),
    'Spotlight cards on the home',
  ).toBeGreaterThan(0);

  for (let position = 1; position <= 12; position++) {
    const slot = grid.nth(position - 1);
    const link = slot.getByRole('link');
    if ((await slot.getByText('Spotlight', { exact: true }).count()) === 0) {
      // An admin's slot is never marked, and keeps the admin's book.
      const bookId = adminBooks.get(position);
      if (bookId && (await link.count()) > 0) await expect(link).toHaveAttribute('href', `/book/${bookId}`);
      continue;
    }
    // A Spotlight card: a slot no admin filled, with a public book of an active, approved Premium member.
    expect(adminBooks.has(position), `slot ${position} was filled by an admin`).toBe(false);
    const href = await link.getAttribute('href');
    const bookId = decodeURIComponent(href!.replace('/book/', ''));
    expect(picks).toContain(bookId);
    const book = (await db.doc(`books/${bookId}`).get()).data();
    expect(book?.is_public).toBe(true);
    await expect(slot).toContainText(book!.title as string);
    const owner = (await db.doc(`profiles/${book!.user_id}`).get()).data();
    expect(owner).toMatchObject({
      subscription_status: 'premium',
      approval_status: 'approved',
      is_active: true,
    });
  }
});
