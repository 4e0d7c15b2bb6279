// The admin dashboard's user management in the browser: a non-admin is refused,
// an admin approves (the member is mailed and gets past the guard), denies,
// registers with an invitation, resets a password that then signs in, and
// deactivates a member who then cannot sign in. Every member here is fresh.
import type { Page } from '@playwright/test';
import { adminDb, expect, test } from '../helpers/fixtures';
import { logInThroughForm, uniqueEmail } from '../helpers/accounts';
import { findMail } from '../helpers/mail';
import { directoryFields } from '../../../src/domain/accounts/directory';
import { freshMember, MEMBER_PASSWORD, signInAs, type FreshMember } from '../helpers/members';

// One test after another: both start on the dashboard, whose list, search and decisions
// are calls of one callable, and the functions emulator answers a call made while
// another runs from a new, cold worker (over 10 s on two cores that are also
// rebuilding the site). Other specs' admins can still overlap: a decision's outcome
// gets 30 s.
test.describe.configure({ mode: 'default' });

/** How long a decision's callable may take to answer (see above). */
const DECISION_TIMEOUT = 30_000;

async function pendingMember(name: string): Promise<FreshMember> {
  const member = await freshMember(name);
  await adminDb().doc(`profiles/${member.uid}`).update({ approval_status: 'pending' });
  return member;
}

/**
 * Waits until the user list's first page has arrived. A search typed before it starts a
 * second call of the same callable while the first still runs, and the functions
 * emulator answers a concurrent call from a new, cold worker (seconds on a busy machine).
 */
async function listLoaded(page: Page) {
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem').first()).toBeVisible({
    timeout: 30_000,
  });
}

/** Opens the dashboard and finds `member`'s row by searching their email. */
async function openRow(page: Page, member: FreshMember) {
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'User Management' })).toBeVisible({ timeout: 20_000 });
  await listLoaded(page);
  await page.getByLabel('Search users').fill(member.email);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('list', { name: 'Users' }).getByRole('listitem', { name: member.displayName });
  await expect(row).toBeVisible({ timeout: 20_000 });
  return row;
}

test('a member who is not an admin gets Access Denied', async ({ page }) => {
  const member = await freshMember(`Plain Reader ${Date.now().toString(36)}`);
  await signInAs(page, member);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  await expect(page.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
});

test('an admin sees the counters and approves, denies, resets, deactivates and registers members', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const admin = await freshMember(`Dashboard Admin ${stamp}`, { admin: true });
  const approvee = await pendingMember(`Awaiting Approval ${stamp}`);
  const deniee = await pendingMember(`To Be Denied ${stamp}`);
  const forgetful = await freshMember(`Forgot Password ${stamp}`);
  const leaving = await freshMember(`Soon Inactive ${stamp}`);
  await signInAs(page, admin);

  await test.step('the dashboard shows the four counters and the tabs', async () => {
    await page.goto('/admin/users');
    for (const label of ['Total Users', 'Authors', 'Admins', 'Active Users']) {
      await expect(page.getByRole('term').filter({ hasText: label })).toBeVisible({ timeout: 20_000 });
    }
    await expect(page.getByRole('definition').first()).toHaveText(/^\d[\d,]*$/, { timeout: 20_000 });
    await expect(page.getByRole('tab', { name: 'Console Logs' })).toBeVisible();
    await listLoaded(page);
  });

  await test.step('approves a pending member, who is mailed and then gets past the guard', async () => {
    const row = await openRow(page, approvee);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText(`${approvee.displayName} has been approved.`)).toBeVisible({
      timeout: DECISION_TIMEOUT,
    });
    await expect(row.getByText('Approval: approved')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    const mail = await findMail(approvee.email, /approved/i, 60_000);
    expect(mail.subject).toMatch(/approved/i);
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await logInThroughForm(memberPage, approvee.email, MEMBER_PASSWORD);
    await expect(memberPage).toHaveURL(/\/$/, { timeout: 20_000 });
    await memberPage.goto('/directory');
    await expect(memberPage).toHaveURL(/\/directory\/?$/);
    await context.close();
  });

  await test.step('denies a pending member', async () => {
    const row = await openRow(page, deniee);
    await row.getByRole('button', { name: 'Deny' }).click();
    await expect(row.getByText('Approval: denied')).toBeVisible({ timeout: DECISION_TIMEOUT });
    await expect
      .poll(async () => (await adminDb().doc(`profiles/${deniee.uid}`).get()).get('approval_status'))
      .toBe('denied');
  });

  await test.step('resets a password; the temporary one signs in', async () => {
    const row = await openRow(page, forgetful);
    await row.getByRole('button', { name: 'Reset Password' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await dialog.getByRole('button', { name: 'Generate New Password' }).click();
    const field = dialog.getByLabel('Temporary Password');
    await expect(field).toHaveAttribute('type', 'password');
    await dialog.getByRole('button', { name: 'Show' }).click();
    await expect(field).toHaveAttribute('type', 'text');
    const password = await field.inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await logInThroughForm(memberPage, forgetful.email, password);
    await expect(memberPage).toHaveURL(/\/$/, { timeout: 20_000 });
    await context.close();
  });

  await test.step('deactivates a member, who then cannot sign in', async () => {
    const row = await openRow(page, leaving);
    await row.getByRole('button', { name: 'Deactivate' }).click();
    await expect(row.getByText('Inactive', { exact: true })).toBeVisible({ timeout: DECISION_TIMEOUT });
    await expect(row.getByRole('button', { name: 'Activate' })).toBeVisible();
    const context = await browser.newContext();
    const memberPage = await context.newPage();
    await logInThroughForm(memberPage, leaving.email, MEMBER_PASSWORD);
    await expect(
      memberPage.getByText('This account has been disabled. Please contact the site administrator.'),
    ).toBeVisible({ timeout: 20_000 });
    await context.close();
  });

  await test.step('registers a member with an invitation mail', async () => {
    const email = uniqueEmail('invited');
    const name = `Invited Writer ${stamp}`;
    await page.getByRole('button', { name: 'Register New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Register New User' });
    await expect(dialog.getByLabel('Category')).toHaveValue('Book Author');
    await expect(dialog.getByLabel('Role')).toHaveValue('User');
    await expect(dialog.getByLabel('Send invitation email')).toBeChecked();
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(dialog.getByText('Email is required.')).toBeVisible();
    await dialog.getByLabel('Email', { exact: true }).fill(email);
    await dialog.getByLabel('Temporary Password').fill('first-pass');
    await dialog.getByLabel('Display Name').fill(name);
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await expect(
      page.getByText(`User ${name} created. An invitation email was sent to ${email}.`),
    ).toBeVisible({ timeout: 20_000 });
    const mail = await findMail(email, /invited/i);
    expect(mail.text ?? '').toContain('oobCode=');
    await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem', { name })).toBeVisible();
  });

  await test.step('the audit log lists the actions', async () => {
    await page.getByRole('tab', { name: 'Audit Log' }).click();
    await expect(page.getByRole('cell', { name: 'approve-user' }).first()).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('cell', { name: 'set-active' }).first()).toBeVisible();
  });
});

test('pressing Search again with the same text searches again and finds a member who joined since', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const admin = await freshMember(`Search Admin ${stamp}`, { admin: true });
  await signInAs(page, admin);
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'User Management' })).toBeVisible({ timeout: 20_000 });
  // The first page has loaded (so the search below is the admin's, not the mount's).
  await listLoaded(page);
  const name = `Latecomer ${stamp}`;
  await page.getByLabel('Search users').fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('No users match this search.')).toBeVisible({ timeout: 30_000 });

  // The member signs up now: their profile carries its search fields from the start, as sign-up writes it.
  const latecomer = await freshMember(name);
  await adminDb()
    .doc(`profiles/${latecomer.uid}`)
    .update(directoryFields({ display_name: name, category: 'Book Author', about_me: null }));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const row = page.getByRole('list', { name: 'Users' }).getByRole('listitem', { name });
  await expect(row).toBeVisible({ timeout: 30_000 });
});
