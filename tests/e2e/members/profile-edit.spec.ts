// /profile-edit: a member edits their page, keeps a draft, an admin edits
// someone else's, and a member deletes their account. Every test works on
// members it creates (tests/e2e/helpers/members.ts).
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { logInThroughForm } from '../helpers/accounts';
import { adminAuth } from '../helpers/emulators';
import { solidPng } from '../helpers/images';
import { freshMember, MEMBER_PASSWORD, openProfileEditor, signInAs } from '../helpers/members';

test('a signed-out visitor is sent to /auth', async ({ page }) => {
  await page.goto('/profile-edit');
  await expect(page).toHaveURL(/\/auth\/?$/, { timeout: 20_000 });
});

test('a member edits their profile and a book, saves, and sees it after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await freshMember('Edith Editor');
  await signInAs(page, member);
  await page.goto('/');
  // A toast can appear over the header's right end, and a toast stays while the pointer
  // rests on it; the link is followed from the keyboard, which no toast can cover.
  await page.getByRole('banner').getByRole('link', { name: 'Edit Profile' }).press('Enter');
  await expect(page).toHaveURL(/\/profile-edit\/?$/);
  await expect(page.getByLabel('Display Name')).toHaveValue(member.displayName, { timeout: 20_000 });

  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(member.email);
  await expect(page.getByLabel('Email', { exact: true })).not.toBeEditable();
  // Only an admin picks the category and role.
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.getByLabel('About Me').fill('I edit everything twice.');
  await page.getByLabel('Upcoming Events').fill('Book fair, May 3\nReading, June 9');
  await page.getByLabel('Goodreads').fill('https://goodreads.example/edith');
  await expect(page.getByText('0/3 books (free plan)')).toBeVisible();
  // A book is added with the full book editor and saved at once, apart from the profile.
  await page.getByRole('button', { name: 'Add Book' }).click();
  const bookForm = page.locator('[data-book-editor]');
  await bookForm.getByLabel('Title', { exact: true }).fill('The Red Pencil');
  await bookForm.getByLabel('Description').fill('A story about margins.');
  await expect(bookForm.getByText('4/100 words')).toBeVisible();
  await bookForm.getByLabel('eBook Price').fill('4.99');
  await bookForm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Book added successfully!')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('1/3 books (free plan)')).toBeVisible();

  // Inline errors stop the save and say what is wrong.
  await page.getByLabel('Twitter').fill('not a link');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Please fix the form errors before saving.')).toBeVisible();
  await expect(page.getByLabel('X (Twitter)')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('X (Twitter)').fill('');

  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.slug}/?$`), { timeout: 20_000 });
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();

  const profile = (await adminDb().doc(`profiles/${member.uid}`).get()).data();
  expect(profile).toMatchObject({
    about_me: 'I edit everything twice.',
    social_links: { goodreads: 'https://goodreads.example/edith' },
  });
  const books = await adminDb().collection('books').where('user_id', '==', member.uid).get();
  expect(books.docs.map((book) => book.data())).toEqual([
    expect.objectContaining({ title: 'The Red Pencil', ebook_price: 4.99 }),
  ]);

  await openProfileEditor(page);
  await expect(page.getByLabel('About Me')).toHaveValue('I edit everything twice.');
  await expect(page.getByText('1/3 books (free plan)')).toBeVisible();
  await expect(
    page.locator('[data-books-section]').getByRole('link', { name: 'The Red Pencil' }),
  ).toBeVisible();
});

test('a draft is kept, restored on the next visit, and discarded when declined', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await freshMember('Dora Draft');
  await signInAs(page, member);
  await openProfileEditor(page);
  await page.getByLabel('Special Announcement').fill('Half-written news');
  await expect
    .poll(() => page.evaluate((uid) => localStorage.getItem(`shelfmark.profile-draft.${uid}`), member.uid))
    .toContain('Half-written news');

  await openProfileEditor(page);
  const dialog = page.getByRole('alertdialog', { name: 'Restore unsaved changes?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Restore Draft' }).click();
  await expect(page.getByText('Draft Restored')).toBeVisible();
  await expect(page.getByLabel('Special Announcement')).toHaveValue('Half-written news');

  await openProfileEditor(page);
  await dialog.getByRole('button', { name: 'Discard Draft' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Special Announcement')).toHaveValue('');
  await openProfileEditor(page);
  await expect(page.getByLabel('Special Announcement')).toHaveValue('');
  await expect(dialog).toBeHidden();
});

test('an admin edits another member’s profile; a member may not', async ({ page }) => {
  test.setTimeout(90_000);
  const admin = await freshMember('Ada Admin', { admin: true });
  const member = await freshMember('Milo Member');
  const other = await freshMember('Olive Other');

  await signInAs(page, member);
  await page.goto(`/profile-edit?userId=${other.uid}`);
  await expect(page.getByRole('alert').getByText('Access Denied')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).press('Enter');
  await expect(page).toHaveURL(/\/$/);

  await signInAs(page, admin);
  await openProfileEditor(page, `?userId=${member.uid}`);
  await expect(
    page.getByText(`You are editing ${member.displayName}’s profile as an administrator.`),
  ).toBeVisible();
  await expect(page.getByLabel('Display Name')).toHaveValue(member.displayName);
  await expect(page.getByLabel('Email', { exact: true })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Category' }).selectOption('Publisher');
  await page.getByLabel('Page Title').fill('Milo’s corner');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.slug}/?$`), { timeout: 20_000 });
  const profile = (await adminDb().doc(`profiles/${member.uid}`).get()).data();
  expect(profile).toMatchObject({
    category: 'Publisher',
    page_title: 'Milo’s corner',
    display_name: member.displayName,
  });
});

test('a member deletes their account, is signed out, and cannot sign in again', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await freshMember('Dee Parting');
  await signInAs(page, member);
  await openProfileEditor(page);
  await page.getByRole('button', { name: 'Delete Profile' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete Profile' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete Profile' }).click();
  await dialog.getByRole('button', { name: 'Delete Profile' }).click();
  await expect(page).toHaveURL(/\/$/, { timeout: 30_000 });
  await expect(page.getByText('Profile Deleted')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  expect((await adminDb().doc(`profiles/${member.uid}`).get()).exists).toBe(false);
  await expect(adminAuth().getUser(member.uid)).rejects.toThrow();

  await logInThroughForm(page, member.email, MEMBER_PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
});

test('the owner edits inline on the profile page: cancel restores, save shows the change after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = await freshMember('Ines Inline');
  await adminDb().doc(`profiles/${member.uid}`).update({ about_me: 'Saved words.' });

  // A visitor gets no Edit toggle and downloads no editing code.
  const editorRequests: string[] = [];
  page.on('request', (request) => {
    if (/mount-inline-editor|InlineProfileEditor/.test(request.url())) editorRequests.push(request.url());
  });
  await page.goto(`/profile/${member.slug}`);
  await expect(page.getByText('Saved words.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  expect(editorRequests).toEqual([]);

  await signInAs(page, member);
  await page.goto(`/profile/${member.slug}`);
  const edit = page.getByRole('button', { name: 'Edit', exact: true });
  await expect(edit).toBeVisible({ timeout: 20_000 });
  await edit.click();
  await expect(edit).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Social Links' })).toBeVisible();
  const about = page.getByRole('textbox', { name: 'About Me' });
  await expect(about).toHaveValue('Saved words.');
  await about.fill('Words I will take back.');
  await page.getByRole('button', { name: 'Cancel' }).first().click();
  await expect(page.getByText('Saved words.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Social Links' })).toBeHidden();

  await edit.click();
  await expect(about).toHaveValue('Saved words.');
  await about.fill('Words I keep.');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible({ timeout: 20_000 });
  await page.reload();
  await expect(page.getByText('Words I keep.')).toBeVisible();
  expect((await adminDb().doc(`profiles/${member.uid}`).get()).data()).toMatchObject({
    about_me: 'Words I keep.',
  });
});

test('a member uploads a new profile picture through the editor and saves it', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await freshMember('Pia Picture');
  await signInAs(page, member);
  await openProfileEditor(page);
  const field = page.getByRole('group', { name: 'Profile Picture' });
  await expect(field.getByRole('img', { name: 'No profile picture yet' })).toBeVisible();
  await field
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await solidPng(400, 400) });
  await expect(field.getByRole('img', { name: 'Current profile picture' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.slug}/?$`), { timeout: 20_000 });
  const stored = (await adminDb().doc(`profiles/${member.uid}`).get()).get('profile_image') as string;
  expect(stored).toMatch(new RegExp(`^/media/${member.uid}/profile-images/`));
  await expect(page.getByRole('img', { name: `Profile picture of ${member.displayName}` })).toHaveAttribute(
    'src',
    stored,
  );
});

test('a save based on a stale page is refused with the conflict message and the form keeps what was typed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const member = await freshMember('Carl Conflict');
  await signInAs(page, member);
  await openProfileEditor(page);
  await page.getByLabel('About Me').fill('Typed in the first tab.');
  // Another tab (here the Admin SDK) saves in between.
  await adminDb()
    .doc(`profiles/${member.uid}`)
    .update({ about_me: 'Saved from the second tab.', updated_at: new Date() });
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(
    page.getByText(/^Failed to save profile: This profile was changed in another tab/),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/profile-edit\/?$/);
  await expect(page.getByLabel('About Me')).toHaveValue('Typed in the first tab.');
  await expect(page.getByRole('button', { name: 'Save Profile' })).toBeEnabled();
  expect((await adminDb().doc(`profiles/${member.uid}`).get()).get('about_me')).toBe(
    'Saved from the second tab.',
  );
});
