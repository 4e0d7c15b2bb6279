// Issue 53, part 3, end to end: an admin makes a member a librarian from the
// dashboard; the librarian merges two duplicate catalogue books from /librarian; the
// reader who had shelved the duplicate finds it on the kept book, and the duplicate's
// old page answers a permanent redirect to the kept book's. Each run adds books and
// members of its own. Runs with the specs that change data ('-live').
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs } from '../helpers/members';

test('a librarian made by an admin merges two duplicates and the old page redirects', async ({
  page,
  browser,
}) => {
  const [admin, librarian, reader] = await Promise.all([
    freshMember('Ada Curator', { admin: true }),
    freshMember('Lena Librarian'),
    freshMember('Rhea Reader'),
  ]);
  const tag = reader.uid.slice(0, 6);
  const db = adminDb();
  const kept = await db.collection('books').add(catalogueDoc(`The Lighthouse Keeper ${tag}`, 'OL910001M'));
  const duplicate = await db
    .collection('books')
    .add(catalogueDoc(`The Lighthouse-Keeper ${tag}`, 'OL910002M'));
  await db.doc(`book_shelves/${duplicate.id}__${reader.uid}`).set({
    book_id: duplicate.id,
    book_title: `The Lighthouse-Keeper ${tag}`,
    user_id: reader.uid,
    shelf: 'read',
    book_public: true,
    progress_page: null,
    progress_percent: null,
    updated_at: new Date(),
  });

  await test.step('the admin makes the member a librarian', async () => {
    await signInAs(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Book Management' }).click();
    await page.getByLabel('Member’s email or uid').fill(librarian.email);
    await page.getByRole('button', { name: 'Make librarian' }).click();
    await expect(page.getByText('The member is now a librarian.')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('list', { name: 'Librarians' })).toContainText('Lena Librarian');
  });

  // The librarian in a browser of their own, with the project's address.
  const desk = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  try {
    await test.step('the librarian merges the duplicate into the kept book', async () => {
      await signInAs(desk, librarian);
      await desk.goto('/librarian');
      await desk.getByLabel('Book to keep').fill(kept.id, { timeout: 20_000 });
      await desk.getByLabel('Duplicate to merge into it').fill(`http://localhost/book/${duplicate.id}`);
      await desk.getByRole('button', { name: 'Merge', exact: true }).click();
      await desk
        .getByRole('alertdialog', { name: 'Merge these books?' })
        .getByRole('button', { name: 'Merge books' })
        .click();
      await expect(desk.getByText(/The books are merged/)).toBeVisible({ timeout: 30_000 });
    });

    await test.step('the old page answers a permanent redirect to the kept one', async () => {
      const answer = await desk.request.get(`/book/${duplicate.id}`, { maxRedirects: 0 });
      expect(answer.status()).toBe(301);
      expect(answer.headers()['location']).toBe(`/book/${kept.id}`);
      await desk.goto(`/book/${duplicate.id}`);
      await expect(desk).toHaveURL(new RegExp(`/book/${kept.id}$`));
      await expect(desk.getByRole('heading', { level: 1 })).toHaveText(`The Lighthouse Keeper ${tag}`);
      // The kept book's page offers the librarian their tools (to a librarian only).
      await expect(desk.getByRole('region', { name: 'Librarian tools' })).toBeVisible({ timeout: 20_000 });
    });
  } finally {
    await desk.close();
  }

  // The reader's shelf moved with the book.
  const moved = await db.doc(`book_shelves/${kept.id}__${reader.uid}`).get();
  expect(moved.get('shelf')).toBe('read');
  expect((await db.doc(`book_shelves/${duplicate.id}__${reader.uid}`).get()).exists).toBe(false);
});

/** A catalogue book as the 'Add a book' callables store one (one edition, no cover). */
function catalogueDoc(title: string, editionId: string): Record<string, unknown> {
  const now = new Date();
  return {
    kind: 'catalogue',
    title,
    authors: [{ name: 'Ivo Brannock', source_id: null }],
    description: 'A keeper, a light and a long winter.',
    cover_image: null,
    subjects: ['Lighthouses'],
    editions: [
      { source_id: editionId, isbn: null, format: 'Paperback', publication_year: 1970, language: 'en' },
    ],
    isbn: null,
    first_published: 1970,
    source: 'openlibrary',
    source_id: null,
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
