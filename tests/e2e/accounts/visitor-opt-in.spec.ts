// Visitors who are not members: following an author by email and subscribing to
// the newsletters, each through the double opt-in (a mail whose link opens a page
// with a Confirm button); the followed author's next book then brings one alert
// whose one-click unsubscribe unfollows; an admin's newsletter to the subscribers arrives
// once and its one-click unsubscribe works. Runs in the `mutating` project: it
// sends a newsletter and adds a subscriber.
import { adminDb, expect, test } from '../helpers/fixtures';
import { emailFollowId } from '../../../src/domain/follows/follows';
import { NEWSLETTER_SUBSCRIBERS } from '../../../src/domain/editorial/newsletter-subscriber';
import { emailHash } from '../../../src/data/server/shared/email-hash';
import { uniqueEmail } from '../helpers/accounts';
import { MAILDEV_URL, eventually } from '../helpers/emulators';
import { findMail, type CaughtMail } from '../helpers/mail';
import { freshMember, signInAs, storedBook } from '../helpers/members';

/** The /confirm?token=… address in a confirmation mail, as a path of the site under test. */
function confirmPath(mail: CaughtMail): string {
  const link = /https?:\/\/[^\s]+\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')?.[0];
  expect(link, mail.text).toBeDefined();
  const url = new URL(link as string);
  return `${url.pathname}${url.search}`;
}

test('a visitor follows an author by email, confirms from the mail with the page’s button, gets one alert for the next book and unfollows with one click', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await freshMember('Followed Author');
  const email = uniqueEmail('follower');
  await page.goto(`/profile/${author.slug}`);
  // The form is in the Follow disclosure, beside the way to sign in and follow with one click.
  await page.locator('[data-follow-author] summary').click();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const field = page.getByLabel('Get an email when this author publishes a new book');
  await field.fill(email);
  // Focusing the form loads its script, which hydrates it while the visitor types:
  // what was typed must survive that (a hydration mismatch would render the form anew, empty).
  await expect
    .poll(() => field.evaluate((input) => Object.keys(input).some((key) => key.startsWith('__react'))))
    .toBe(true);
  await expect(field).toHaveValue(email);
  expect(pageErrors).toEqual([]);
  await page.getByRole('button', { name: 'Follow by email' }).click();
  // Answered in place by the hydrated form.
  await expect(page.getByText('Check your inbox', { exact: true })).toBeVisible();

  const mail = await findMail(email, /^Confirm following Followed Author/);
  // Opening the link (as a mail scanner does) only asks.
  await page.goto(confirmPath(mail));
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  const follow = adminDb().doc(`follows/${emailFollowId(author.uid, emailHash(email))}`);
  expect((await follow.get()).exists).toBe(false);

  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'You are following this author' })).toBeVisible();
  expect((await follow.get()).data()).toMatchObject({
    author_uid: author.uid,
    follower: { kind: 'email', email },
    mode: 'instant',
  });

  // The link works once.
  await page.goto(confirmPath(mail));
  await expect(page.getByRole('heading', { name: 'This link has already been used' })).toBeVisible();

  // The author's next book: one alert to the confirmed address, whose one-click POST unfollows.
  const title = `Visitor Alert ${Date.now()}`;
  await adminDb().collection('books').add(storedBook(author, title));
  const alert = await findMail(email, new RegExp(`^New from Followed Author: ${title}$`), 120_000);
  const headers = (alert as unknown as { headers: Record<string, string> }).headers;
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const link = /^<(.+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  expect(alert.text).toContain(link);
  const mails = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as CaughtMail[];
  expect(
    mails.filter(
      (m) => m.subject.startsWith('New from Followed Author') && m.to.some((r) => r.address === email),
    ),
  ).toHaveLength(1);
  const oneClick = await request.post(link, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);
  expect((await follow.get()).exists).toBe(false);
});

test('a visitor subscribes in the footer, confirms, receives the next newsletter to subscribers once, and unsubscribes with one click', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('subscriber');
  const visitor = await browser.newPage();
  await visitor.goto('/about');
  const footer = visitor.getByRole('contentinfo');
  await footer.getByLabel('Your email address').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(visitor.getByText('Check your inbox', { exact: true })).toBeVisible();
  await visitor.goto(confirmPath(await findMail(email, /newsletter subscription/)));
  await visitor.getByRole('button', { name: 'Confirm' }).click();
  await expect(visitor.getByRole('heading', { name: 'You are subscribed' })).toBeVisible();
  await visitor.close();
  const subscription = adminDb().doc(`${NEWSLETTER_SUBSCRIBERS}/${emailHash(email)}`);
  expect((await subscription.get()).get('email')).toBe(email);

  const admin = await freshMember('Subscribers Admin', { admin: true });
  const title = `Reader Letter ${Date.now() % 100_000}`;
  await signInAs(page, admin);
  await page.goto('/newsletters');
  await page.getByRole('button', { name: 'New Newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Newsletter' });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByLabel('Content').fill('New books this month.');
  await dialog.getByRole('switch', { name: 'Published' }).click();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Newsletter created!')).toBeVisible();
  const item = page.getByRole('article', { name: title });
  await item.getByLabel('Recipients').selectOption({ label: 'Newsletter Subscribers' });
  const send = item.getByRole('button', { name: /^Send \(\d+\)$/ });
  await expect(send).toBeEnabled({ timeout: 20_000 });
  await send.click();
  await expect(page.getByText(/^Newsletter sent to \d+ recipients!$/)).toBeVisible({ timeout: 30_000 });

  const received = await findMail(email, new RegExp(`^${title}$`), 60_000);
  // Once the whole send has completed, the subscriber holds exactly one copy.
  await eventually(
    'the send to complete',
    async () =>
      (await adminDb().collection('newsletters').where('title', '==', title).get()).docs[0]?.get('sent_at'),
    60_000,
  );
  const all = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as CaughtMail[];
  expect(all.filter((m) => m.subject === title && m.to.some((to) => to.address === email))).toHaveLength(1);

  // The mail client's one-click unsubscribe (RFC 8058) is answered directly.
  const headers = (received as unknown as { headers: Record<string, string> }).headers;
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribe = /^<(.+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1];
  expect(unsubscribe).toBeDefined();
  const oneClick = await fetch(unsubscribe as string, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status).toBe(200);
  expect((await subscription.get()).exists).toBe(false);
});
