// Failures reach a person: Netlify reports two failed deploys in a row (signed
// notifications to publishNotification, as Netlify sends them), the rebuild's alert
// opens, every admin gets one mail, and the dashboard shows the alert until an admin
// acknowledges it. It leaves the publish status 'failed', so it runs in the last
// project, after the specs that publish (playwright.config.ts).
import { createHash, createHmac } from 'node:crypto';
import { expect, test } from '../helpers/fixtures';
import { findMail } from '../helpers/mail';
import { freshMember, signInAs } from '../helpers/members';
import { PROJECT_ID } from '../helpers/emulators';

/** The demo key of Netlify's notifications (functions/.env.demo-shelfmark). */
const NETLIFY_SECRET = 'demo-netlify-webhook-secret';
const NOTIFICATIONS = `http://127.0.0.1:5001/${PROJECT_ID}/us-central1/publishNotification`;

const base64Url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** Netlify's X-Webhook-Signature for `body`: an HS256 JWS whose claims name the body's SHA-256. */
function netlifySignature(body: string): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const sha256 = createHash('sha256').update(body).digest('hex');
  const payload = base64Url(JSON.stringify({ iss: 'netlify', sha256 }));
  const mac = createHmac('sha256', NETLIFY_SECRET).update(`${header}.${payload}`).digest();
  return `${header}.${payload}.${base64Url(mac)}`;
}

async function deployFailed(message: string): Promise<void> {
  const body = JSON.stringify({
    state: 'error',
    context: 'production',
    created_at: new Date().toISOString(),
    error_message: message,
  });
  const answer = await fetch(NOTIFICATIONS, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-webhook-signature': netlifySignature(body) },
    body,
  });
  expect(answer.status).toBe(204);
}

test('two failed deploys in a row mail the admins once and show on the dashboard until acknowledged', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const admin = await freshMember(`Alert Admin ${stamp}`, { admin: true });

  await deployFailed(`Build script returned non-zero exit code: 2 (${stamp} first)`);
  await deployFailed(`Build script returned non-zero exit code: 2 (${stamp} second)`);

  const mail = await findMail(admin.email, /alert: The site rebuild failed twice in a row/, 30_000);
  expect(mail.text).toContain(`${stamp} second`);
  expect(mail.text).toContain('until an admin acknowledges it');

  await signInAs(page, admin);
  await page.goto('/admin');
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts.getByText('The site rebuild failed twice in a row')).toBeVisible({ timeout: 30_000 });
  await expect(alerts.getByText(`${stamp} second`)).toBeVisible();

  await alerts.getByRole('button', { name: 'Acknowledge: The site rebuild failed twice in a row' }).click();
  await expect(page.getByText('Alert acknowledged.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Alerts' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'User Management' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Alerts' })).toHaveCount(0);
});
