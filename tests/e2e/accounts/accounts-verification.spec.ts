// /pending-approval and email verification: the 'Email Verified' mark only for a
// verified address, otherwise a button that emails a new link (throttled).
import { adminDb, expect, test } from '../helpers/fixtures';
import { logInThroughForm, uniqueEmail } from '../helpers/accounts';
import { adminAuth } from '../helpers/emulators';
import { findMail } from '../helpers/mail';

const PASSWORD = 'waiting-room';

/** A member awaiting approval, created as the signUp function would (Auth user and pending profile), without its email. */
async function pendingMember(name: string, emailVerified: boolean): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const user = await adminAuth().createUser({ email, password: PASSWORD, displayName: name, emailVerified });
  await adminDb()
    .doc(`profiles/${user.uid}`)
    .set({
      user_id: user.uid,
      display_name: name,
      role: 'User',
      category: 'Book Author',
      page_slug: `${name.toLowerCase().replace(/\W+/g, '-')}-${user.uid.slice(0, 6).toLowerCase()}`,
      approval_status: 'pending',
      subscription_status: 'free',
      is_active: true,
      book_count: 0,
      created_at: new Date(),
    });
  return { uid: user.uid, email };
}

test('an unverified pending member can have the verification email sent again', async ({ page }) => {
  const { uid, email } = await pendingMember('Unverified Una', false);
  await logInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/pending-approval\/?$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Email Verified')).toBeHidden();

  // Hold the call a moment, so the button can be seen disabled while the email is on its way.
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  await page.route('**/resendVerificationEmail', async (route) => {
    await held;
    await route.continue();
  });
  const resend = page.getByRole('button', { name: 'Resend verification email' });
  await resend.click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  release();
  await expect(page.getByText('Verification Email Sent')).toBeVisible({ timeout: 20_000 });
  await expect(resend).toBeEnabled();
  const mail = await findMail(email, /verify/i);
  expect(mail.text ?? mail.html).toContain('oobCode=');

  await page.unroute('**/resendVerificationEmail');
  await resend.click();
  await expect(page.getByText('Please Wait', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('Too many verification emails requested. Please wait a while and try again.'),
  ).toBeVisible();

  // Once the address is verified (here by the Admin SDK, as following the link would), the next visit shows the mark.
  await adminAuth().updateUser(uid, { emailVerified: true });
  await page.reload();
  await expect(page.getByText('Email Verified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeHidden();
});

test('a verified pending member sees Email Verified and no resend button', async ({ page }) => {
  const { email } = await pendingMember('Verified Vera', true);
  await logInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/pending-approval\/?$/);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Email Verified')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});
