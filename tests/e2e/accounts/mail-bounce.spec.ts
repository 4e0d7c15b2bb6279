// A member whose mail bounces, against the production build and the local mail
// provider stand-in: a password reset sent to an address at the stand-in's
// bounce domain comes back as a signed hard-bounce event, the address goes on
// the suppression list, and the member's account page says that mail to it is
// not delivered, why and since when, and sends the one confirmation mail that
// goes despite the list.
import { readSuppression } from '../../../functions/src/mail/suppressions';
import { adminDb, expect, test } from '../helpers/fixtures';
import { adminAuth } from '../helpers/emulators';
import { findMail } from '../helpers/mail';
import { freshMember, signInAs } from '../helpers/members';

// The demo project's key (functions/.env.demo-shelfmark), to read the list as the functions do.
process.env.MAIL_SUPPRESSION_SECRET ??= 'demo-only-mail-suppression-secret';

test('a bounced address is suppressed and its member sees it on the account page', async ({ page }) => {
  test.setTimeout(120_000);
  const member = await freshMember('Bounce Bea');
  const bouncing = `bea-${Date.now().toString(36)}@bounce.shelfmark.test`;
  await adminAuth().updateUser(member.uid, { email: bouncing });
  member.email = bouncing;

  // The member asks for a password reset; the mail goes out and the provider says it bounced.
  await page.goto('/auth');
  const login = page.getByRole('tabpanel', { name: 'Login' });
  await expect(login.getByLabel('Email')).toBeEditable();
  await login.getByRole('link', { name: 'Forgot password?' }).click();
  await login.getByLabel('Email').fill(bouncing);
  await login.getByRole('button', { name: 'Send reset link' }).click();
  await findMail(bouncing, /Reset your .* password/, 60_000);
  await expect
    .poll(async () => (await readSuppression(adminDb(), bouncing))?.reason, { timeout: 30_000 })
    .toBe('hard-bounce');

  await signInAs(page, member);
  await page.goto('/account');
  const notice = page.getByRole('region', { name: 'Emails to your address are not delivered' });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toContainText('the receiving mail server said the mailbox does not exist');
  await expect(notice).toContainText(/Since \w+ \d{1,2}, \d{4}\./);
  // The way out: one confirmation mail that goes despite the list, whose link starts mail again.
  await notice.getByRole('button', { name: 'Send a confirmation email' }).click();
  await expect(notice.getByRole('status')).toHaveText(
    'Check your inbox: open the link in the email we just sent.',
    {
      timeout: 30_000,
    },
  );
  const confirmation = await findMail(bouncing, /emails again/, 30_000);
  expect(confirmation.text).toContain('confirmMailDelivery');
});
