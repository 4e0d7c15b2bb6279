// Account self-service, as a member does it: forget the password and set a new
// one from the mail, change the password and the email address, sign out
// everywhere, and download a copy of one's data. Fresh members per test.
import { readFile } from 'node:fs/promises';
import { adminDb, expect, test } from '../helpers/fixtures';
import { expectLoggedOutHeader, logInThroughForm, uniqueEmail } from '../helpers/accounts';
import { findMail } from '../helpers/mail';
import { freshMember, MEMBER_PASSWORD, signInAs } from '../helpers/members';
import type { Page } from '@playwright/test';

const RESET_ANSWER = "If an account exists for that address, we've sent a link";

/** The address of the first link with a one-time code in a mail, on the site under test. */
function linkPath(text: string | undefined): string {
  const link = text?.match(/https?:\/\/\S*oobCode=\S+/)?.[0];
  expect(link, 'a link with a code in the mail').toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

/** Opens /account and waits until the member's details have loaded. */
async function openAccount(page: Page, query = ''): Promise<void> {
  await page.goto(`/account${query}`);
  await expect(page.getByRole('heading', { name: 'Email', exact: true })).toBeVisible({ timeout: 20_000 });
}

test('a member who forgot the password sets a new one from the mail and logs in with it, not the old one', async ({
  page,
}) => {
  // Two callables that may each start a cold functions worker (the request, then the completion).
  test.setTimeout(90_000);
  const member = await freshMember('Forgetful Fran');
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await expect(login.getByLabel('Email')).toBeEditable();
  await login.getByRole('link', { name: 'Forgot password?' }).click();
  await login.getByLabel('Email').fill(uniqueEmail('nobody-here'));
  await login.getByRole('button', { name: 'Send reset link' }).click();
  // The first call may start a cold functions worker (seen taking over 5 s when this
  // spec runs alone on a fresh emulator): the answer, not its speed, is under test.
  await expect(login.getByRole('status')).toHaveText(RESET_ANSWER, { timeout: 30_000 });

  await login.getByLabel('Email').fill(member.email);
  await login.getByRole('button', { name: 'Send reset link' }).click();
  await expect(login.getByRole('status')).toHaveText(RESET_ANSWER);
  const mail = await findMail(member.email, /Reset your .* password/);
  expect(mail.html).toContain('You received this email because a password reset was requested');
  const resetPath = linkPath(mail.text);
  expect(resetPath).toMatch(/^\/auth\/reset\?oobCode=/);

  await page.goto(resetPath);
  await expect(page.getByText(`Choose a new password for ${member.email}.`)).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Password must be at least 6 characters long.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('brand-new-secret');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-secrex');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Passwords do not match. Please try again.')).toBeVisible();
  await page.getByRole('button', { name: 'Show confirm new password' }).click();
  await expect(page.getByLabel('Confirm new password', { exact: true })).toHaveAttribute('type', 'text');
  await page.getByLabel('Confirm new password', { exact: true }).fill('brand-new-secret');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('Your password has been changed. Log in with your new password.')).toBeVisible({
    timeout: 30_000,
  });

  // The link works once.
  await page.goto(resetPath);
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has already been used.',
    { timeout: 20_000 },
  );
  await expect(page.getByRole('heading', { name: 'Ask for a new link' })).toBeVisible();
  await page.goto('/auth/reset?oobCode=not-a-real-code');
  await expect(page.getByRole('alert')).toHaveText(
    'This password reset link is invalid or has already been used.',
    { timeout: 20_000 },
  );

  await logInThroughForm(page, member.email, MEMBER_PASSWORD);
  await expect(page.getByText('Login Failed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await logInThroughForm(page, member.email, 'brand-new-secret');
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
});

test('a member changes the password: a wrong current one and a weak new one are refused with clear messages', async ({
  page,
  browser,
}) => {
  // changePassword may start a cold functions worker.
  test.setTimeout(90_000);
  const member = await freshMember('Changing Chloe');
  await signInAs(page, member);
  await openAccount(page);
  const form = page.locator('form[name="change-password"]');
  await form.getByLabel('Current password', { exact: true }).fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('a-better-secret');
  await form.getByLabel('Confirm new password', { exact: true }).fill('a-better-secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Your current password is incorrect.')).toBeVisible({ timeout: 20_000 });

  await form.getByLabel('Current password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByLabel('New password', { exact: true }).fill('weak');
  await form.getByLabel('Confirm new password', { exact: true }).fill('weak');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByText('Password must be at least 6 characters long.')).toBeVisible();

  await form.getByLabel('New password', { exact: true }).fill('a-better-secret');
  await form.getByLabel('Confirm new password', { exact: true }).fill('a-better-secret');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password Changed')).toBeVisible({ timeout: 45_000 });
  // The server ended every session; this browser signed in again with the new password and stays in.
  await openAccount(page);
  await expect(page.getByTestId('account-email')).toHaveText(member.email);

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInThroughForm(otherPage, member.email, 'a-better-secret');
  await expect(otherPage).toHaveURL(/\/$/, { timeout: 20_000 });
  await other.close();
});

test('a member changes the email through the confirmation mail; the old address is told', async ({
  page,
}) => {
  // Two mails and a confirmation through the functions: more than the default 30 s when a worker starts cold.
  test.setTimeout(90_000);
  const member = await freshMember('Moving Mo');
  const taken = await freshMember('Taken Tess');
  await signInAs(page, member);
  await openAccount(page);
  await expect(page.getByTestId('account-email')).toHaveText(member.email);
  await expect(page.getByText('Verified (date not recorded)')).toBeVisible();

  const form = page.locator('form[name="change-email"]');
  await form.getByLabel('New email address').fill(taken.email);
  await form.getByLabel('Current password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation' }).click();
  // A taken address looks like any other: the same confirmation; its holder is told instead, without who asked.
  await expect(form.getByRole('status')).toContainText(`A confirmation link was sent to ${taken.email}.`, {
    timeout: 20_000,
  });
  const holderNotice = await findMail(taken.email, /Someone tried to use your email address/);
  expect(holderNotice.text).not.toContain(member.email);

  const newAddress = uniqueEmail('moving-mo-new');
  await form.getByLabel('New email address').fill(newAddress);
  await form.getByLabel('Current password', { exact: true }).fill('wrong-password');
  await form.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(form.getByText('Your current password is incorrect.')).toBeVisible({ timeout: 20_000 });
  await form.getByLabel('Current password', { exact: true }).fill(MEMBER_PASSWORD);
  await form.getByRole('button', { name: 'Send confirmation' }).click();
  await expect(form.getByRole('status')).toContainText(`A confirmation link was sent to ${newAddress}.`, {
    timeout: 20_000,
  });

  // Nothing changes until the new address confirms. The pending change is recorded by the queued task, moments after the answer.
  await expect(async () => {
    await openAccount(page);
    await expect(page.getByTestId('account-email')).toHaveText(member.email);
    await expect(page.getByText(newAddress)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  const mail = await findMail(newAddress, /Confirm your new email/);
  await page.goto(linkPath(mail.text));
  await expect(
    page.getByText('Your email address has been confirmed. Log in with it to continue.'),
  ).toBeVisible({ timeout: 20_000 });
  const notice = await findMail(member.email, /email address was changed/);
  expect(notice.text).toContain(newAddress);

  await logInThroughForm(page, newAddress, MEMBER_PASSWORD);
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await openAccount(page);
  await expect(page.getByTestId('account-email')).toHaveText(newAddress);
  await expect(page.getByText(/^Verified on /)).toBeVisible();
});

test('signing out everywhere ends the session in another browser too', async ({ page, browser }) => {
  const member = await freshMember('Everywhere Eve');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, member);
  await signInAs(page, member);

  await openAccount(page);
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
  await dialog.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/auth\/?$/, { timeout: 20_000 });
  await expect(page.getByText('Signed out everywhere')).toBeVisible();

  await otherPage.goto('/directory');
  await expectLoggedOutHeader(otherPage);
  await otherPage.goto('/account');
  await expect(otherPage).toHaveURL(/\/auth\/?$/, { timeout: 20_000 });
  await other.close();
});

test('a member downloads a copy of their data holding their book; an admin downloads it for them', async ({
  page,
  browser,
}) => {
  const member = await freshMember('Data Dana');
  await adminDb()
    .collection('books')
    .add({
      user_id: member.uid,
      title: 'Dana’s Exported Novel',
      description: 'A book in the download.',
      category: 'fiction',
      genre: [],
      sub_genre: [],
      is_active: true,
      is_full_book_free: false,
      manuscript_content: [{ id: 's1', type: 'text', content: 'Chapter one.', order: 0 }],
      created_at: new Date(),
    });
  await signInAs(page, member);
  await openAccount(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^shelfmark-data-data-dana-.*\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    user_id: string;
    profile: { display_name: string };
    books: { title: string; manuscript_content: { content: string }[] }[];
  };
  expect(data.user_id).toBe(member.uid);
  expect(data.profile.display_name).toBe('Data Dana');
  expect(data.books.map((b) => b.title)).toEqual(['Dana’s Exported Novel']);
  expect(data.books[0]!.manuscript_content[0]!.content).toBe('Chapter one.');

  const admin = await freshMember('Admin Ada', { admin: true });
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  await openAccount(adminPage, `?userId=${member.uid}`);
  await expect(adminPage.getByText('as an administrator')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Change password' })).toBeHidden();
  const [adminDownload] = await Promise.all([
    adminPage.waitForEvent('download'),
    adminPage.getByRole('button', { name: 'Download their data' }).click(),
  ]);
  const forAdmin = JSON.parse(await readFile((await adminDownload.path())!, 'utf8')) as {
    user_id: string;
    books: unknown[];
  };
  expect(forAdmin.user_id).toBe(member.uid);
  expect(forAdmin.books).toHaveLength(1);
  await adminContext.close();
});

test('another member cannot open someone else’s account', async ({ page }) => {
  const member = await freshMember('Plain Pat');
  const target = await freshMember('Private Pia');
  await signInAs(page, member);
  await page.goto(`/account?userId=${target.uid}`);
  await expect(page.getByRole('alert')).toHaveText('Only administrators can open another member’s account.', {
    timeout: 20_000,
  });
});
