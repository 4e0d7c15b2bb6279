// The admin second factor in the browser: an admin without one is shown a prompt
// instead of the dashboard's powers and the functions refuse them; they set up
// TOTP on the account page (QR code, first code, recovery codes shown once) and
// get the dashboard; a later password-only sign-in is asked for a code first.
import { expect, test } from '../helpers/fixtures';
import { PROJECT_ID } from '../helpers/emulators';
import { idTokenFor } from '../helpers/id-tokens';
import { freshMember, MEMBER_PASSWORD, signInAs } from '../helpers/members';
import { totpCode } from '../../../functions/src/accounts/totp';

/** Calls an admin power (the newsletter audience counts) as the functions emulator's browser SDK would. */
async function callPower(idToken: string): Promise<{ status?: string; message?: string } | undefined> {
  const response = await fetch(`http://127.0.0.1:5001/${PROJECT_ID}/us-central1/newsletterAudience`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ data: {} }),
  });
  return ((await response.json()) as { error?: { status: string; message: string } }).error;
}

test('an admin sets up TOTP and is refused admin powers without it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const admin = await freshMember(`Two Step Admin ${Date.now()}`, { admin: true });

  // Signed in with the password alone, before any second factor: no powers.
  await signInAs(page, admin, { secondFactor: false });
  const refused = await callPower(await idTokenFor(admin.email, MEMBER_PASSWORD, { secondFactor: false }));
  expect(refused?.status).toBe('PERMISSION_DENIED');
  expect(refused?.message).toContain('set up two-step sign-in');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toHaveCount(0);

  // The account page: scan (or type) the key, confirm with the first code, keep the recovery codes.
  await page.getByRole('link', { name: 'Set up two-step sign-in' }).click();
  await expect(page).toHaveURL(/\/account/);
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await section.getByRole('button', { name: 'Set up two-step sign-in' }).click({ timeout: 20_000 });
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel('Code from your app').fill('12345');
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(
    section.getByText('That code is not right. Check your authenticator app and try again.'),
  ).toBeVisible();
  await section.getByLabel('Code from your app').fill(totpCode(secret, Date.now()));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10, { timeout: 20_000 });
  await section.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(section.getByText('Two-step sign-in is on. 10 recovery codes are left.')).toBeVisible();

  // The sign-in that entered the code has the dashboard.
  await page.goto('/admin');
  await expect(page.getByRole('tab', { name: 'User Management' })).toBeVisible({ timeout: 20_000 });

  // A later sign-in with the password alone is refused until it enters a code.
  await page.waitForTimeout(1100);
  const later = await idTokenFor(admin.email, MEMBER_PASSWORD, { secondFactor: false });
  expect((await callPower(later))?.status).toBe('PERMISSION_DENIED');
  // Another browser, signed in with the password alone, is asked for a code first.
  await page.waitForTimeout(1100);
  const context = await browser.newContext();
  const other = await context.newPage();
  await signInAs(other, admin, { secondFactor: false });
  await other.goto('/admin');
  const dialog = other.getByRole('dialog', { name: 'Enter your authenticator code' });
  await expect(dialog).toBeVisible({ timeout: 20_000 });
  await expect(other.getByRole('tab', { name: 'User Management' })).toHaveCount(0);
  await dialog
    .getByLabel('Authenticator or recovery code')
    .fill(totpCode(secret, Date.now()) === '000000' ? '111111' : '000000');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(
    dialog.getByText('That code is not right. Check your authenticator app and try again.'),
  ).toBeVisible();
  await dialog.getByLabel('Authenticator or recovery code').fill(totpCode(secret, Date.now() + 30_000));
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(other.getByRole('tab', { name: 'User Management' })).toBeVisible({ timeout: 20_000 });
  await context.close();
});
