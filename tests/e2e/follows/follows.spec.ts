// Following an author in the browser against the production build: a member
// follows an author from the profile page (the count rises), switches to the
// weekly digest on /account, and the week's digest arrives once; an instant
// follower gets exactly one alert when the author's new book becomes public,
// whose unsubscribe page asks first and whose one-click POST unfollows; a
// preorder is announced once with its date and preorder links, and its "out now"
// goes once when its day comes (the out-now job run twice).
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { memberFollowId } from '../../../src/domain/follows/follows';
import { adminDb, expect, test } from '../helpers/fixtures';
import { AUTH_EMULATOR_HOST, MAILDEV_URL } from '../helpers/emulators';
import { findMail, type CaughtMail } from '../helpers/mail';
import { freshMember, signInAs, storedBook } from '../helpers/members';

/** Runs the scheduled weeklyFollowDigest's handler once (scripts/weekly-digest.ts), as its schedule would. */
async function runWeeklyDigest(): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/weekly-digest.ts'], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? AUTH_EMULATOR_HOST,
    },
  });
}

/** A cold function on the emulator (the callable, the triggers, the task queue) can take a while on two cores. */
const SLOW = { timeout: 60_000 };

/** Every mail to `address` whose subject matches. */
async function mailsTo(address: string, subject: RegExp): Promise<CaughtMail[]> {
  const mails = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as CaughtMail[];
  return mails.filter(
    (m) => subject.test(m.subject) && m.to.some((r) => r.address.toLowerCase() === address.toLowerCase()),
  );
}

/** The book becomes public through the real triggers; resolves once it is released (book_alerts). */
async function publishBook(author: Awaited<ReturnType<typeof freshMember>>, title: string): Promise<string> {
  const ref = await adminDb().collection('books').add(storedBook(author, title));
  await expect.poll(async () => (await adminDb().doc(`book_alerts/${ref.id}`).get()).exists, SLOW).toBe(true);
  return ref.id;
}

test('a member follows an author on their page, switches to the weekly digest, and the digest arrives once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const author = await freshMember('Nell Novelist');
  const reader = await freshMember('Rory Reader', { category: 'Book Lover/Marketer' });
  await signInAs(page, reader);

  await page.goto(`/profile/${author.slug}`);
  const count = page.locator('[data-follower-count]:visible');
  await expect(count).toHaveText('0 followers');
  // The member's button (the island), not the visitor's disclosure it replaces.
  const follow = page.locator('button[data-follow-button]');
  await expect(follow).toBeEnabled(SLOW);
  await follow.click();
  await expect(page.getByRole('button', { name: /you follow Nell Novelist/ })).toBeVisible(SLOW);
  await expect(count).toHaveText('1 follower');
  await expect
    .poll(async () => (await adminDb().doc(`profiles/${author.uid}`).get()).get('follower_count'), SLOW)
    .toBe(1);

  await page.goto('/account');
  const following = page.getByRole('region', { name: 'Following' });
  await expect(following.getByRole('link', { name: 'Nell Novelist' })).toBeVisible(SLOW);
  await following.getByLabel('Alerts').selectOption({ label: 'Weekly digest' });
  const followDoc = adminDb().doc(`follows/${memberFollowId(author.uid, reader.uid)}`);
  await expect.poll(async () => (await followDoc.get()).get('mode'), SLOW).toBe('weekly');

  const title = `Weekly Wonders ${Date.now()}`;
  await publishBook(author, title);
  await runWeeklyDigest();
  const digest = await findMail(reader.email, /new books from authors you follow/);
  expect(digest.text).toContain(title);
  await runWeeklyDigest();
  expect(await mailsTo(reader.email, /new books from authors you follow/)).toHaveLength(1);
  // A weekly follower gets no instant alert.
  expect(await mailsTo(reader.email, /^New from/)).toHaveLength(0);
});

test('an instant follower gets one alert for a new book, and its one-click unsubscribe unfollows', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const author = await freshMember('Ivo Instant');
  const reader = await freshMember('Fay Follower', { category: 'Book Lover/Marketer' });
  const followDoc = adminDb().doc(`follows/${memberFollowId(author.uid, reader.uid)}`);
  // As updateFollow stores it (the click itself is the journey above).
  await followDoc.set({
    author_uid: author.uid,
    follower: { kind: 'member', uid: reader.uid },
    mode: 'instant',
    created_at: new Date(),
  });

  const title = `Instant Classic ${Date.now()}`;
  await publishBook(author, title);
  const alert = await findMail(reader.email, new RegExp(`^New from Ivo Instant: ${title}$`), 90_000);
  expect(await mailsTo(reader.email, /^New from Ivo Instant/)).toHaveLength(1);

  const headers = (alert as unknown as { headers: Record<string, string> }).headers;
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const link = /^<(.+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  expect(alert.text).toContain(link);

  // The visible link opens a page that asks first: opening it unfollows nobody.
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Unfollow' })).toBeVisible();
  expect((await followDoc.get()).exists).toBe(true);

  const oneClick = await request.post(link, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status()).toBe(200);
  expect((await followDoc.get()).exists).toBe(false);
});

/** Runs the scheduled outNowAlerts' handler once (scripts/out-now.ts), as its hourly schedule would. */
async function runOutNow(): Promise<void> {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/out-now.ts'], {
    env: {
      ...process.env,
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? AUTH_EMULATOR_HOST,
    },
  });
}

test('a preorder is announced once with its date and preorder links, and comes out once on its day', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const author = await freshMember('Pia Preorder');
  const reader = await freshMember('Otto Instant', { category: 'Book Lover/Marketer' });
  await adminDb()
    .doc(`follows/${memberFollowId(author.uid, reader.uid)}`)
    .set({
      author_uid: author.uid,
      follower: { kind: 'member', uid: reader.uid },
      mode: 'instant',
      created_at: new Date(),
    });

  // Coming a year from now, with a store link.
  const date = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const title = `Coming Soon ${Date.now()}`;
  const ref = await adminDb()
    .collection('books')
    .add(
      storedBook(author, title, {
        publication_date: date,
        purchase_links: [{ label: 'Kobo', url: 'https://kobo.example/coming-soon' }],
      }),
    );
  const announced = await findMail(
    reader.email,
    new RegExp(`^${title} by Pia Preorder is coming on .+: preorder now$`),
    90_000,
  );
  expect(announced.text).toContain(`/book/${ref.id}`);

  await page.goto(`/book/${ref.id}`);
  await expect(page.locator('[data-book-detail="published"] dd')).toHaveText(/^Comes out /);
  await expect(page.getByRole('link', { name: /Preorder on Kobo/ })).toBeVisible();
  // Search engines are told the same: the offer is a preorder from the publication date.
  const jsonLd = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as { offers?: Array<Record<string, unknown>> };
  expect(jsonLd.offers).toEqual([
    expect.objectContaining({
      name: 'Preorder on Kobo',
      availability: 'https://schema.org/PreOrder',
      availabilityStarts: date,
    }),
  ]);
  // The author's profile card says the same: its coming date, and the link as a preorder.
  await page.goto(`/profile/${author.slug}`);
  const card = page.locator('[data-profile-book]').filter({ hasText: title });
  await expect(card.locator('[data-book-comes-out]')).toHaveText(/Comes out \d{1,2} \w+ \d{4}/);
  await expect(card.getByRole('link', { name: /^Preorder on Kobo/ })).toBeVisible();

  // Not out yet: the job sends nothing.
  await runOutNow();
  // The author brings the date forward to today: the books handler moves the out-now, the job sends it once.
  const today = new Date().toISOString().slice(0, 10);
  await ref.update({ publication_date: today });
  await expect
    .poll(async () => (await adminDb().doc(`book_alerts/${ref.id}`).get()).get('out_now_due'), SLOW)
    .toBe(today);
  await runOutNow();
  await runOutNow();
  await findMail(reader.email, new RegExp(`^${title} by Pia Preorder is out now$`), 90_000);
  expect(await mailsTo(reader.email, /is out now$/)).toHaveLength(1);
  expect(await mailsTo(reader.email, /preorder now$/)).toHaveLength(1);

  await expect
    .poll(
      async () => {
        await page.goto(`/book/${ref.id}`);
        return page.getByRole('link', { name: /^Kobo/ }).count();
      },
      { timeout: 120_000 },
    )
    .toBe(1);
});
