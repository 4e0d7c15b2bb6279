// A member's analytics in the browser against the production build: a visit to a
// member's profile shows on their /account; a purchase link goes through /go to
// the link the member saved and nowhere else (no open redirect), counting the
// click; a free member sees the last 7 days in totals with 'Upgrade to Premium',
// and a Premium member the 90-day chart and a CSV download.
import { readFile } from 'node:fs/promises';
import { purchaseLinkPath } from '../../../src/domain/books/book-links';
import { clickPatch, followPatch, viewPatch, windowDays } from '../../../src/domain/members/member-stats';
import { mergePatches } from '../../../src/domain/shared/patch';
import { utcDay } from '../../../src/domain/items/views';
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs, storedBook, type FreshMember } from '../helpers/members';

const SAVED = 'https://books.example.com/analytics-saved';

const dayDoc = (member: FreshMember, day = utcDay(Date.now())) =>
  adminDb().doc(`member_stats/${member.uid}/days/${day}`);

/** A public book of `member` with one saved purchase link. */
async function publicBook(member: FreshMember): Promise<string> {
  const ref = await adminDb()
    .collection('books')
    .add(
      storedBook(member, 'Counted Clicks', {
        description: 'A book whose links are counted.',
        purchase_url: SAVED,
        owner_public: true,
        is_public: true,
      }),
    );
  return ref.id;
}

/** Stores a day of figures for `member` (as the counter and the follower-count functions would have). */
async function storeDay(member: FreshMember, day: string, views: number, follows = 0, unfollows = 0) {
  let patch = viewPatch(day, 'profiles', member.uid, member.displayName);
  for (let i = 1; i < views; i++)
    patch = mergePatches(patch, viewPatch(day, 'profiles', member.uid, member.displayName));
  patch = mergePatches(patch, clickPatch(day, 'analytics-book', 'Seeded Book', 0, 'Buy the Book'));
  for (let i = 0; i < follows; i++) patch = mergePatches(patch, followPatch(day, 'follow'));
  for (let i = 0; i < unfollows; i++) patch = mergePatches(patch, followPatch(day, 'unfollow'));
  await dayDoc(member, day).set(patch);
}

/** The account page's first call of memberAnalytics starts the function cold on the emulator. */
const LOADED = { timeout: 45_000 };

const analytics = (page: import('@playwright/test').Page) => page.getByRole('region', { name: 'Analytics' });

test('a visit to a profile shows on its owner’s account page', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await freshMember('Vera Visited');
  await page.goto(`/profile/${member.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Vera Visited');
  await expect.poll(async () => (await dayDoc(member).get()).get('views'), { timeout: 15_000 }).toBe(1);

  await signInAs(page, member);
  await page.goto('/account');
  await expect(analytics(page).getByTestId('analytics-views')).toHaveText('1', LOADED);
  await expect(analytics(page).getByRole('cell', { name: 'Vera Visited' })).toBeVisible();
});

test('a purchase link goes through /go to the saved link only, and counts the click', async ({ request }) => {
  const member = await freshMember('Gina Go');
  const id = await publicBook(member);
  const followed = await request.get(purchaseLinkPath(id, 0), { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers()['location']).toBe(SAVED);
  expect(followed.headers()['cache-control']).toContain('no-store');
  // Whatever the request adds, the target is the saved link.
  const decorated = await request.get(
    `${purchaseLinkPath(id, 0)}?url=https://evil.example/&next=//evil.example`,
    {
      maxRedirects: 0,
    },
  );
  expect(decorated.headers()['location']).toBe(SAVED);

  // A position the book has no link at, a forged index or URL, an unknown book: the 404 page, no redirect.
  for (const path of [
    purchaseLinkPath(id, 1),
    `/go/${id}/https%3A%2F%2Fevil.example`,
    `/go/${id}/-1`,
    `/go/${id}/0x`,
    '/go/no-such-book/0',
    `/go/${id}//evil.example`,
  ]) {
    const refused = await request.get(path, { maxRedirects: 0 });
    expect(refused.status(), path).toBe(404);
    expect(refused.headers()['location'], path).toBeUndefined();
  }

  // One click per visitor per link per day: the replay above did not count again.
  await expect.poll(async () => (await dayDoc(member).get()).get('clicks'), { timeout: 15_000 }).toBe(1);
  expect((await dayDoc(member).get()).get(`items.book_${id}.links.0.label`)).toBe('Buy the Book');
});

test('a free member sees the last 7 days in totals and the way to Premium', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await freshMember('Fern Free');
  const days = windowDays(Date.now(), 10);
  await storeDay(member, days[0]!, 50, 9); // ten days ago: outside the week
  await storeDay(member, days[5]!, 3, 2);
  await storeDay(member, days[9]!, 4, 1, 1);
  await signInAs(page, member);
  await page.goto('/account');
  const section = analytics(page);
  await expect(section.getByTestId('analytics-views')).toHaveText('7', LOADED);
  await expect(section.getByTestId('analytics-clicks')).toHaveText('2');
  await expect(section.getByTestId('analytics-follows')).toHaveText('3');
  await expect(section.getByTestId('analytics-unfollows')).toHaveText('1');
  await expect(section.getByText('in the last 7 days', { exact: false }).first()).toBeVisible();
  await expect(section.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    '/billing/upgrade',
  );
  await expect(section.locator('[data-analytics-chart]')).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Download CSV' })).toHaveCount(0);
});

test('a Premium member sees the 90-day chart and downloads the CSV', async ({ page }) => {
  test.setTimeout(90_000);
  const member = await freshMember('Petra Premium');
  await adminDb()
    .doc(`profiles/${member.uid}/private/billing`)
    .set({ customer_id: null, subscription: null, trial_used: false, grant: { by: 'e2e', at: Date.now() } });
  const days = windowDays(Date.now(), 90);
  await storeDay(member, days[0]!, 2);
  await storeDay(member, days[60]!, 5, 2, 1);
  await signInAs(page, member);
  await page.goto('/account');
  const section = analytics(page);
  await expect(section.getByTestId('analytics-views')).toHaveText('7', LOADED);
  await expect(section.locator('[data-analytics-chart] canvas')).toBeVisible();
  await expect(section.locator('[data-analytics-chart]')).toHaveAttribute(
    'aria-label',
    /new followers \(2 in all\)/,
  );
  await expect(section.getByTestId('analytics-follows')).toHaveText('2');
  await expect(section.getByRole('link', { name: 'Upgrade to Premium' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const csv = await readFile((await file.path())!, 'utf8');
  expect(csv.split('\r\n')).toEqual([
    'day,kind,item,id,views,clicks,new followers,unfollows',
    `${days[0]},book,Seeded Book,analytics-book,0,1,,`,
    `${days[0]},profile,Petra Premium,${member.uid},2,0,,`,
    `${days[60]},book,Seeded Book,analytics-book,0,1,,`,
    `${days[60]},profile,Petra Premium,${member.uid},5,0,,`,
    `${days[60]},followers,,,,,2,1`,
    '',
  ]);
});
