// Reports and the moderation queue in the browser, on members the test creates:
// a visitor reports a review from the book page (the Report disclosure's plain
// form, hydrated on first focus), an admin hides it from the dashboard's Reports
// section with a reason, the review is gone from the book page, the reviewer is
// mailed the reason, and the audit log shows the action; then the admin releases a
// review the burst guard held, and it shows on its book page.
import { adminDb, expect, test } from '../helpers/fixtures';
import { findMail } from '../helpers/mail';
import { freshMember, signInAs, storedBook } from '../helpers/members';

test('a visitor reports a review; an admin hides it from the queue; it is gone, the reviewer mailed, the action logged; a held review is released', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const author = await freshMember(`Mara Author ${stamp}`);
  const reviewer = await freshMember(`Rook Reviewer ${stamp}`);
  const admin = await freshMember(`Queue Admin ${stamp}`, { admin: true });
  const db = adminDb();
  const book = await db.collection('books').add(
    storedBook(author, 'Harbour Lights', {
      owner_public: true,
      is_public: true,
      rating_count: 1,
      rating_sum: 1,
    }),
  );
  const text = `Rubbish written by a fool ${stamp}`;
  const at = new Date(Date.now() - 60_000);
  await db.doc(`book_reviews/${book.id}__${reviewer.uid}`).set({
    book_id: book.id,
    book_title: 'Harbour Lights',
    user_id: reviewer.uid,
    reviewer: { display_name: reviewer.displayName, page_slug: reviewer.slug },
    reviewer_public: true,
    rating: 1,
    text,
    created_at: at,
    updated_at: at,
  });

  // A review the burst guard held (as saveReview stores it), older than any other so it is on the list's first page.
  const waters = await db
    .collection('books')
    .add(storedBook(author, 'Quiet Waters', { owner_public: true, is_public: true }));
  const heldText = `A wave of praise ${stamp}`;
  const longAgo = new Date('2020-01-01T00:00:00Z');
  await db.doc(`book_reviews/${waters.id}__${reviewer.uid}`).set({
    book_id: waters.id,
    book_title: 'Quiet Waters',
    user_id: reviewer.uid,
    reviewer: { display_name: reviewer.displayName, page_slug: reviewer.slug },
    reviewer_public: false,
    moderation: 'held',
    rating: 5,
    text: heldText,
    created_at: longAgo,
    updated_at: longAgo,
  });

  await test.step('a visitor reports the review with a reason alone', async () => {
    await page.goto(`/book/${book.id}`);
    const review = page.getByRole('listitem').filter({ hasText: text });
    await review.getByText('Report this review').click();
    await review.getByLabel('Why are you reporting this review?').selectOption('offensive');
    await review.getByRole('button', { name: 'Send report' }).click();
    // In place once the form has hydrated; on the result page if it posted before that.
    await expect(page.getByText('Your report was sent. Our team will look at it.')).toBeVisible();
  });

  await test.step('an admin hides it from the Reports section', async () => {
    await signInAs(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Reports' }).click();
    const entry = page.locator(`[data-moderation-entry="review:${book.id}__${reviewer.uid}"]`);
    // The first call of adminModeration starts its function cold, slow on a loaded machine.
    await expect(entry.getByText(text)).toBeVisible({ timeout: 45_000 });
    await expect(entry.getByText('Offensive (1)')).toBeVisible();
    await entry.getByLabel(/^Reason/).fill('Insults another reader');
    await entry.getByRole('button', { name: 'Hide' }).click();
    await expect(page.getByText('The item is hidden.')).toBeVisible({ timeout: 20_000 });
  });

  await test.step('the review is gone from the book page and its totals', async () => {
    await page.goto(`/book/${book.id}`);
    await expect(
      page.getByRole('region', { name: 'Ratings and reviews' }).getByText('No reviews yet.'),
    ).toBeVisible();
    await expect(page.getByText(text)).toHaveCount(0);
  });

  await test.step('the reviewer is mailed the reason', async () => {
    const mail = await findMail(reviewer.email, /Your review was hidden/);
    expect(mail.text).toContain('Insults another reader');
  });

  await test.step('the audit log shows the action', async () => {
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    const row = page
      .getByRole('row')
      .filter({ hasText: 'moderation-hide' })
      .filter({ hasText: reviewer.uid });
    await expect(row).toContainText('Insults another reader', { timeout: 20_000 });
    await expect(row).toContainText(admin.uid);
  });

  await test.step('the admin releases the held review; it shows on its book page', async () => {
    await page.getByRole('tab', { name: 'Reports' }).click();
    const held = page.locator(`[data-held-review="${waters.id}__${reviewer.uid}"]`);
    // The first call of adminHeldReviews starts its function cold.
    await expect(held.getByText(heldText)).toBeVisible({ timeout: 45_000 });
    await held.getByRole('button', { name: 'Release' }).click();
    await expect(page.getByText('The review is published.')).toBeVisible({ timeout: 20_000 });
    await expect(held).toHaveCount(0);
    await page.goto(`/book/${waters.id}`);
    await expect(page.getByRole('region', { name: 'Ratings and reviews' }).getByText(heldText)).toBeVisible();
  });
});
