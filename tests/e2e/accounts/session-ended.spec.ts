// A password change in one browser ends the member's sessions everywhere else:
// the other browser's next save (a callable, and one sent once another tab has signed out) is
// refused, it shows the sign-in screen with a clear message, and the unsaved
// edits are still in the editors after the member signs in again.
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, MEMBER_PASSWORD, signInAs, storedBook } from '../helpers/members';

const SESSION_ENDED = 'Your session has ended. Please log in again.';
const NEW_PASSWORD = 'changed-in-browser-a';

test('a password change in browser A signs browser B out at its next save, keeping B’s unsaved edits', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const member = await freshMember('Two Browsers Tam');
  const now = new Date();
  const book = await adminDb()
    .collection('books')
    .add(storedBook(member, 'Stored Title', { description: 'About it.' }));
  const ad = await adminDb()
    .collection('classified_ads')
    .add({
      user_id: member.uid,
      title: 'Stored oak shelf',
      description: 'A plain oak shelf for paperbacks.',
      category: 'reading-accessories',
      subcategory: 'book-stands',
      price: 20,
      currency: 'EUR',
      condition: 'good',
      location: 'Lyon',
      contact_method: 'message',
      is_service: false,
      tags: ['oak'],
      is_active: true,
      is_featured: false,
      views_count: 0,
      created_at: now,
    });

  // Browser B: signed in, with the book editor open in one tab and the ad form in another, both edited but not saved.
  const contextB = await browser.newContext();
  const bookTab = await contextB.newPage();
  await signInAs(bookTab, member);
  await bookTab.goto(`/book/${book.id}?edit=true`);
  const editor = bookTab.locator('[data-book-editor]');
  await expect(editor).toBeVisible({ timeout: 20_000 });
  await editor.getByLabel('Title', { exact: true }).fill('Title typed in browser B');
  const adTab = await contextB.newPage();
  await adTab.goto(`/classifieds/${ad.id}/edit`);
  await expect(adTab.getByLabel('Title *')).toHaveValue('Stored oak shelf', { timeout: 20_000 });
  await adTab.getByLabel('Title *').fill('Oak shelf typed in browser B');

  // Browser A changes the password and stays signed in.
  await signInAs(page, member);
  await page.goto('/account');
  const form = page.locator('form[name="change-password"]');
  await expect(form.getByLabel('Current password', { exact: true })).toBeEditable({ timeout: 20_000 });
  await form.getByLabel('Current password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  // changePassword may start a cold functions worker.
  await expect(page.getByText('Password Changed')).toBeVisible({ timeout: 45_000 });
  await page.goto('/account');
  await expect(page.getByTestId('account-email')).toHaveText(member.email, { timeout: 20_000 });

  // B saves the book (saveBook): refused, and B is on the sign-in screen with the message.
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(bookTab).toHaveURL(/\/auth\/?\?session=ended$/, { timeout: 20_000 });
  await expect(bookTab.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible();
  expect((await book.get()).get('title')).toBe('Stored Title');

  // B saves the ad (saveClassifiedAd; the book tab has signed this browser out by now): the same.
  await adTab.getByRole('button', { name: 'Update Ad' }).click();
  await expect(adTab).toHaveURL(/\/auth\/?\?session=ended$/, { timeout: 20_000 });
  await expect(adTab.getByRole('alert').filter({ hasText: SESSION_ENDED })).toBeVisible();
  expect((await ad.get()).get('title')).toBe('Stored oak shelf');

  // Signing in again (with the new password) returns to each editor with the unsaved edits.
  for (const tab of [bookTab, adTab]) {
    const login = tab.getByRole('tabpanel', { name: 'Login' });
    await expect(login.getByLabel('Email')).toBeEditable();
    await login.getByLabel('Email').fill(member.email);
    await login.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await login.getByRole('button', { name: 'Login' }).click();
  }
  await expect(bookTab).toHaveURL(new RegExp(`/book/${book.id}\\?edit=true$`), { timeout: 20_000 });
  await expect(bookTab.locator('[data-book-editor]').getByLabel('Title', { exact: true })).toHaveValue(
    'Title typed in browser B',
    { timeout: 20_000 },
  );
  await expect(adTab).toHaveURL(new RegExp(`/classifieds/${ad.id}/edit$`), { timeout: 20_000 });
  await expect(adTab.getByLabel('Title *')).toHaveValue('Oak shelf typed in browser B', { timeout: 20_000 });

  // Now the saves go through.
  await bookTab.locator('[data-book-editor]').getByRole('button', { name: 'Save' }).click();
  await expect
    .poll(async () => (await book.get()).get('title'), { timeout: 20_000 })
    .toBe('Title typed in browser B');
  await adTab.getByRole('button', { name: 'Update Ad' }).click();
  await expect
    .poll(async () => (await ad.get()).get('title'), { timeout: 20_000 })
    .toBe('Oak shelf typed in browser B');
  await contextB.close();
});
