// The readers' journal, on members each test creates: a member starts a book,
// records progress from the book page and from their profile, finishes it into
// 'Read' and sees the read-through; a member sets a yearly goal on their profile
// and sees a finished book counted there and on the home page's card; a
// member exports their reading from the account page as a Goodreads CSV.
import { readFile } from 'node:fs/promises';
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs, storedBook } from '../helpers/members';

const thisYear = new Date().getUTCFullYear();

test("progress recorded and a book finished into 'Read'", async ({ page }) => {
  const author = await freshMember('Tam Author');
  const reader = await freshMember('Pia Reader');
  const book = await adminDb()
    .collection('books')
    .add(storedBook(author, 'The Long Tide', { owner_public: true, is_public: true, pages: 200 }));

  await signInAs(page, reader);
  await page.goto(`/book/${book.id}`);
  const reviews = page.getByRole('region', { name: 'Ratings and reviews' });
  const reading = reviews.getByRole('group', { name: 'Your shelf' }).getByRole('radio', { name: 'Reading' });
  await expect(reading).toBeEnabled({ timeout: 20_000 });
  await reading.click();
  await expect(page.getByText('On your ‘Reading’ shelf')).toBeVisible({ timeout: 20_000 });

  const progress = reviews.getByRole('form', { name: 'Your progress in The Long Tide' });
  await progress.getByLabel('Progress by').selectOption('page');
  await progress.getByLabel('Page or %').fill('250');
  await progress.getByRole('button', { name: 'Save progress' }).click();
  await expect(page.getByText('This book has 200 pages.')).toBeVisible({ timeout: 20_000 });
  await progress.getByLabel('Page or %').fill('50');
  await progress.getByRole('button', { name: 'Save progress' }).click();
  await expect(page.getByText('Progress saved')).toBeVisible({ timeout: 20_000 });
  await expect(reviews.getByText('Your progress: page 50 (25 %)')).toBeVisible();

  // From the profile: Currently reading with its bar, and the owner's progress form.
  await page.goto(`/profile/${reader.slug}`);
  const shelves = page.getByRole('region', { name: 'Shelves' });
  await expect(shelves.getByRole('region', { name: 'Currently reading' })).toContainText('page 50 (25 %)');
  await expect(shelves.getByRole('progressbar', { name: 'Progress in The Long Tide' })).toBeVisible();
  const own = page.getByRole('region', { name: 'Your reading' });
  await own
    .getByRole('form', { name: 'Your progress in The Long Tide' })
    .getByRole('button', { name: 'Finished' })
    .click();
  await expect(page.getByText('Finished ‘The Long Tide’: it is on your ‘Read’ shelf')).toBeVisible({
    timeout: 20_000,
  });
  await expect(own.getByText(`1 book read in ${thisYear}`)).toBeVisible({ timeout: 20_000 });

  await page.goto(`/book/${book.id}`);
  await expect(
    reviews.getByRole('group', { name: 'Your shelf' }).getByRole('radio', { name: 'Read', exact: true }),
  ).toBeChecked({
    timeout: 20_000,
  });
  await expect(
    reviews.getByRole('region', { name: 'Your read-throughs' }).getByRole('listitem'),
  ).toContainText('finished');
});

test('a book given up on goes to Did not finish with the page where the reader stopped, and an owned copy stays marked', async ({
  page,
}) => {
  const author = await freshMember('Ivo Author');
  const reader = await freshMember('Lena Reader');
  const book = await adminDb()
    .collection('books')
    .add(storedBook(author, 'The Slow River', { owner_public: true, is_public: true, pages: 200 }));

  await signInAs(page, reader);
  await page.goto(`/book/${book.id}`);
  const reviews = page.getByRole('region', { name: 'Ratings and reviews' });
  const shelf = reviews.getByRole('group', { name: 'Your shelf' });
  await expect(shelf.getByRole('radio', { name: 'Reading' })).toBeEnabled({ timeout: 20_000 });
  await shelf.getByRole('radio', { name: 'Reading' }).click();
  await expect(page.getByText('On your ‘Reading’ shelf')).toBeVisible({ timeout: 20_000 });
  const progress = reviews.getByRole('form', { name: 'Your progress in The Slow River' });
  await progress.getByLabel('Progress by').selectOption('page');
  await progress.getByLabel('Page or %').fill('80');
  await progress.getByRole('button', { name: 'Save progress' }).click();
  await expect(page.getByText('Progress saved')).toBeVisible({ timeout: 20_000 });

  await shelf.getByRole('radio', { name: 'Did not finish' }).click();
  await expect(page.getByText('On your ‘Did not finish’ shelf')).toBeVisible({ timeout: 20_000 });
  await expect(shelf.getByRole('radio', { name: 'Did not finish' })).toBeChecked();
  // The reader owns the copy they gave up on: marked from the same place, kept after a reload.
  await reviews.getByRole('checkbox', { name: 'I own a copy' }).check();
  await expect(page.getByText('Marked as owned')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(reviews.getByRole('checkbox', { name: 'I own a copy' })).toBeChecked({ timeout: 20_000 });

  await page.goto(`/profile/${reader.slug}`);
  const given = page.getByRole('region', { name: 'Did not finish' });
  await expect(given.getByRole('link', { name: 'The Slow River' })).toBeVisible();
  await expect(given).toContainText('stopped at page 80 (40 %)');
  await expect(page.getByRole('region', { name: 'Currently reading' })).toHaveCount(0);
});

test('a goal set and counted', async ({ page }) => {
  const author = await freshMember('Ode Author');
  const reader = await freshMember('Gil Reader');
  const book = await adminDb()
    .collection('books')
    .add(storedBook(author, 'Paper Moons', { owner_public: true, is_public: true }));

  await signInAs(page, reader);
  await page.goto(`/profile/${reader.slug}`);
  const own = page.getByRole('region', { name: 'Your reading' });
  const goal = own.getByRole('form', { name: 'Your reading goal' });
  await goal.getByLabel('Books this year').fill('0');
  await goal.getByRole('button', { name: 'Set goal' }).click();
  await expect(goal.getByText('A goal is a whole number of books from 1 to 1000.')).toBeVisible();
  await goal.getByLabel('Books this year').fill('24');
  await goal.getByRole('button', { name: 'Set goal' }).click();
  await expect(own.getByText(`0 of 24 books read in ${thisYear}`)).toBeVisible({ timeout: 20_000 });

  await page.goto(`/book/${book.id}`);
  const read = page
    .getByRole('group', { name: 'Your shelf' })
    .getByRole('radio', { name: 'Read', exact: true });
  await expect(read).toBeEnabled({ timeout: 20_000 });
  await read.click();
  await expect(page.getByText('On your ‘Read’ shelf')).toBeVisible({ timeout: 20_000 });

  await page.goto(`/profile/${reader.slug}`);
  await expect(page.getByRole('region', { name: 'Reading goal', exact: true })).toContainText(
    `1 of 24 books read in ${thisYear}`,
  );
  await page.goto('/');
  const card = page.locator('[data-reading-challenge]');
  await expect(card.getByText(`1 of 24 books read in ${thisYear}`)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByRole('link', { name: 'View your goal' })).toHaveAttribute(
    'href',
    `/profile/${reader.slug}#reading-goal`,
  );
});

test('"Export my reading" on the account page saves the shelves as a Goodreads CSV', async ({ page }) => {
  const author = await freshMember('Exa Author');
  const reader = await freshMember('Rex Reader');
  const book = await adminDb()
    .collection('books')
    .add(storedBook(author, 'Exported Tides', { owner_public: true, is_public: true }));
  // As setShelf stores it (shelving from the book page is the journey above).
  await adminDb().doc(`book_shelves/${book.id}__${reader.uid}`).set({
    book_id: book.id,
    book_title: 'Exported Tides',
    user_id: reader.uid,
    shelf: 'want-to-read',
    book_public: true,
    updated_at: new Date(),
  });

  await signInAs(page, reader);
  await page.goto('/account');
  const button = page.getByRole('button', { name: 'Export my reading' });
  await expect(button).toBeVisible({ timeout: 45_000 });
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 45_000 }), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^shelfmark-reading-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.split('\r\n')[0]).toMatch(/^Book Id,Title,Author,Author l-f,/);
  expect(text).toContain(`${book.id},Exported Tides,Exa Author,"Author, Exa",`);
  expect(text).toContain(',to-read,');
  await expect(page.getByText('1 book in shelfmark-reading-')).toBeVisible();
});

test('a Goodreads export imported from the account page, with its report, and exported again', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const author = await freshMember('Isa Author');
  const reader = await freshMember('Gus Goodreads');
  const isbn = '9780439023481';
  const book = await adminDb()
    .collection('books')
    .add(storedBook(author, 'Imported Harbours', { owner_public: true, is_public: true, isbn }));
  const header =
    'Book Id,Title,Author,Author l-f,Additional Authors,ISBN,ISBN13,My Rating,Average Rating,Publisher,Binding,Number of Pages,Year Published,Original Publication Year,Date Read,Date Added,Bookshelves,Bookshelves with positions,Exclusive Shelf,My Review,Spoiler,Private Notes,Read Count,Owned Copies';
  const csv = [
    header,
    `1,"Imported Harbours (Harbours, #1)",Isa Author,"Author, Isa",,,"=""${isbn}""",4,,,,,,,2025/06/01,2025/05/01,"read, harbour-books",,read,Salty.,,,1,0`,
    '2,A Book Not Here,Someone Else,,,,,5,,,,,,,,2024/01/01,,,read,,,,1,0',
    '3,Broken Date,Someone,,,,,3,,,,,,,2024/13/40,,,,read,,,,1,0',
  ].join('\n');

  await signInAs(page, reader);
  await page.goto('/account');
  const importer = page.locator('[data-reading-import]');
  await importer.getByLabel('Goodreads or StoryGraph export (CSV)').setInputFiles(
    { name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) },
    {
      timeout: 45_000,
    },
  );
  await expect(importer.getByText('Goodreads export: 2 books to bring in.')).toBeVisible();
  await expect(
    importer.getByText('Row 4: the Date Read “2024/13/40” is not a date (YYYY/MM/DD).'),
  ).toBeVisible();
  await importer.getByRole('button', { name: 'Import 2 books' }).click();

  const report = importer.getByTestId('import-report');
  await expect(report).toContainText('1 book matched and added to your reading.', { timeout: 90_000 });
  await expect(report).toContainText('1 book not brought in:');
  await expect(report).toContainText('1 row could not be read.');
  await expect(importer.getByRole('heading', { name: 'Not on Shelfmark yet' })).toBeVisible();
  await expect(importer.getByText('A Book Not Here, by Someone Else: 5 ★')).toBeVisible();
  expect((await adminDb().doc(`book_shelves/${book.id}__${reader.uid}`).get()).get('shelf')).toBe('read');

  // Coming back to the page shows the last import's report.
  await page.reload();
  await expect(page.getByTestId('import-report')).toContainText('1 book matched', { timeout: 45_000 });

  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 45_000 }),
    page.getByRole('button', { name: 'Export my reading' }).click(),
  ]);
  const exported = await readFile((await download.path())!, 'utf8');
  expect(exported).toContain(`${book.id},Imported Harbours,Isa Author,"Author, Isa",,0439023483,${isbn},4,`);
  expect(exported).toContain('2025/06/01');
  // On the shelf of the member's own the import made.
  expect(exported).toContain('"read, harbour-books"');
  // With the row not on Shelfmark yet, as it was imported.
  expect(exported).toContain(',A Book Not Here,Someone Else,"Else, Someone",');
});

test('a Goodreads export a spreadsheet saved again on Windows is read, and its broken row named', async ({
  page,
}) => {
  const reader = await freshMember('Sven Spreadsheet');
  const header =
    'Book Id;Title;Author;Author l-f;Additional Authors;ISBN;ISBN13;My Rating;Average Rating;Publisher;Binding;Number of Pages;Year Published;Original Publication Year;Date Read;Date Added;Bookshelves;Bookshelves with positions;Exclusive Shelf;My Review;Spoiler;Private Notes;Read Count;Owned Copies';
  const csv = [
    header,
    '1;Caf\u00e9 Harbours;Isa Author;;;="0306406152";="";4;3,9;;;;;;2025/06/01;;;;read;;;;1;0',
    '2;"Never closed;Someone;;;;;3;;;;;;;;;;;read;;;;1;0',
  ].join('\r\n');

  await signInAs(page, reader);
  await page.goto('/account');
  const importer = page.locator('[data-reading-import]');
  await importer.getByLabel('Goodreads or StoryGraph export (CSV)').setInputFiles(
    // Windows-1252, as Excel saves it in a European locale: é is the one byte 0xE9.
    { name: 'goodreads_library_export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'latin1') },
    { timeout: 45_000 },
  );
  await expect(importer.getByText('Goodreads export: 1 book to bring in.')).toBeVisible();
  await expect(
    importer.getByText('Row 3: its quotes are not closed, so the row cannot be read.'),
  ).toBeVisible();
  await expect(importer.getByRole('button', { name: 'Import 1 book' })).toBeVisible();
});

test('a kept import row whose book came later waits on the account page, and its rating is published with one button', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const author = await freshMember('Wren Writer');
  const reader = await freshMember('Pat Patience');
  const isbn = '9780262510875';
  const db = adminDb();
  await db.doc(`unmatched_reads/${reader.uid}__e2e`).set({
    user_id: reader.uid,
    title: 'Arrived Late',
    author: 'Wren Writer',
    isbn13: isbn,
    shelf: 'read',
    custom_shelves: [],
    rating: 4,
    review: 'Worth the wait.',
    started_on: null,
    finished_on: '2025-03-02',
    added_on: null,
    match_key: null,
    import_id: 'imp-e2e',
    created_at: new Date(),
  });
  // The book comes to Shelfmark: the kept row goes on the reader's shelf, its rating waits for them.
  const book = await db
    .collection('books')
    .add(storedBook(author, 'Arrived Late', { owner_public: true, is_public: true, isbn }));
  await expect
    .poll(async () => (await db.doc(`import_pending_reviews/${book.id}__${reader.uid}`).get()).exists, {
      timeout: 60_000,
    })
    .toBe(true);
  expect((await db.doc(`book_reviews/${book.id}__${reader.uid}`).get()).exists).toBe(false);

  await signInAs(page, reader);
  await page.goto('/account');
  const notice = page.getByTestId('waiting-reviews');
  await expect(
    notice.getByRole('heading', { name: '1 book from your import is now on Shelfmark' }),
  ).toBeVisible({
    timeout: 45_000,
  });
  await expect(notice.getByRole('link', { name: 'Arrived Late' })).toHaveAttribute(
    'href',
    `/book/${book.id}`,
  );
  await notice.getByRole('button', { name: 'Publish my ratings and reviews' }).click();
  await expect(page.getByText('Your imported ratings and reviews are published.')).toBeVisible({
    timeout: 45_000,
  });
  const review = await db.doc(`book_reviews/${book.id}__${reader.uid}`).get();
  expect(review.data()).toMatchObject({ rating: 4, text: 'Worth the wait.', reviewer_public: true });
  // Coming back, nothing waits any more.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Export my reading' })).toBeVisible({ timeout: 45_000 });
  await expect(page.getByTestId('waiting-reviews')).toHaveCount(0);
});
