// Buying Premium in the browser, through the local Stripe stand-in the test harness
// runs (scripts/lib/stripe-standin.mjs): a free member at the book limit upgrades
// from the membership page, pays on the stand-in's Checkout page, is Premium within
// seconds (the badge, a fourth book), cancels in the portal, stays Premium to the
// period's end and is free after it; another member's free trial is theirs once;
// a visitor is sent to /register. The tests move the stand-in's one clock, so this
// file's tests run one after the other.
import type { Page } from '@playwright/test';
import { CHECKOUT_MESSAGES } from '../../../src/domain/billing/billing';
import { LIMIT_MESSAGES } from '../../../src/domain/items/plan-limits';
import { adminDb, expect, test } from '../helpers/fixtures';
import { accountArea } from '../helpers/accounts';
import { freshMember, signInAs, storedBook, type FreshMember } from '../helpers/members';

test.describe.configure({ mode: 'default' });

const STANDIN = 'http://127.0.0.1:12111';
/** Where the functions send Stripe's pages back to (SITE_URL in functions/.env.demo-shelfmark). */
const SITE_URL = 'http://localhost:4321';
const DAY = 86_400;

/** Adds a book for `member` through the Admin SDK, as the functions would store it. */
async function addBook(member: FreshMember, title: string): Promise<void> {
  await adminDb().collection('books').add(storedBook(member, title));
}

/**
 * Stripe's pages send the member back to SITE_URL; the site under test runs
 * elsewhere (E2E_BASE_URL). Requests to SITE_URL, and the Pay button's redirect
 * there, go to the same path on the site under test.
 */
async function returnToSiteUnderTest(page: Page, baseURL: string): Promise<void> {
  const underTest = (href: string) => {
    const url = new URL(href);
    return new URL(`${url.pathname}${url.search}`, baseURL).href;
  };
  await page.route(`${SITE_URL}/**`, (route) =>
    route.fulfill({ status: 302, headers: { location: underTest(route.request().url()) } }),
  );
  // A route sees only the first request of a redirect chain: rewrite Pay's 303 itself.
  await page.route(/^http:\/\/127\.0\.0\.1:12111\/checkout\/[^/]+\/pay$/, async (route) => {
    const response = await route.fetch({ maxRedirects: 0, timeout: 30_000 });
    const headers = response.headers();
    if (headers.location?.startsWith(SITE_URL)) headers.location = underTest(headers.location);
    await route.fulfill({ response, headers });
  });
}

/** Moves the stand-in's clock on; answers once the webhooks it caused were delivered. */
async function advanceStandinClock(seconds: number): Promise<void> {
  const answer = await fetch(`${STANDIN}/_standin/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  expect(answer.status).toBe(200);
}

const premiumBadge = (page: Page) => accountArea(page).getByText('Premium', { exact: true });
const planName = (page: Page) => page.getByTestId('account-plan-name');

/** On the stand-in's Checkout page: presses Pay and waits for the success page to say Premium is on. */
async function payAndBePremium(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/billing\/success\?session_id=cs_/, { timeout: 30_000 });
  await expect(page.getByText('Your payment went through.')).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('You are now on Premium.', { timeout: 10_000 });
  await expect(premiumBadge(page)).toBeVisible({ timeout: 10_000 });
}

/** From /account: 'Manage subscription', 'Cancel subscription' in the portal, and back. */
async function cancelInPortal(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Manage subscription' }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(new RegExp(`^${STANDIN}/portal/`), { timeout: 20_000 });
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByText(/It ends on/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Return to Shelfmark' }).click();
  await expect(page).toHaveURL(/\/account$/, { timeout: 20_000 });
}

test('a free member at the book limit buys Premium, adds a fourth book, cancels and is free after the period', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await returnToSiteUnderTest(page, baseURL!);
  const member = await freshMember('Petra Premium');
  for (const title of ['One', 'Two', 'Three']) await addBook(member, title);
  await signInAs(page, member);

  await page.goto('/profile-edit');
  const books = page.locator('[data-books-section]');
  await expect(books.getByText(LIMIT_MESSAGES.books)).toBeVisible({ timeout: 20_000 });
  await expect(books.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    '/billing/upgrade',
  );
  await expect(premiumBadge(page)).toBeHidden();

  await page.goto('/membership');
  await page.locator('[data-plan="premium"]').getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STANDIN}/checkout/cs_`), { timeout: 20_000 });
  await expect(page.getByText('$5.00 per month')).toBeVisible();
  await expect(page.getByText('14-day free trial')).toHaveCount(0);
  await payAndBePremium(page);

  await page.goto('/profile-edit');
  await expect(books.getByText(LIMIT_MESSAGES.books)).toHaveCount(0, { timeout: 20_000 });
  await books.getByRole('button', { name: 'Add Book' }).click({ timeout: 20_000 });
  const bookForm = books.locator('[data-book-editor]');
  await bookForm.getByLabel('Title', { exact: true }).fill('Four');
  await bookForm.getByRole('button', { name: 'Save' }).click();
  await expect(books.getByRole('link', { name: 'Four' })).toBeVisible({ timeout: 20_000 });

  await page.goto('/account');
  await expect(planName(page)).toHaveText('Premium (paid)', { timeout: 20_000 });
  await expect(page.getByText(/^On .+\d{4}$/)).toBeVisible();
  await cancelInPortal(page);
  await expect(planName(page)).toHaveText('Premium (paid)', { timeout: 20_000 });
  await expect(page.getByText(/it will not renew/)).toBeVisible();
  await expect(premiumBadge(page)).toBeVisible();

  await advanceStandinClock(32 * DAY);
  await expect
    .poll(async () => (await adminDb().doc(`profiles/${member.uid}`).get()).get('subscription_status'), {
      timeout: 20_000,
    })
    .toBe('free');
  await page.reload();
  await expect(planName(page)).toHaveText('Free', { timeout: 20_000 });
  await expect(premiumBadge(page)).toBeHidden();
  await expect(
    page.getByRole('region', { name: 'Plan' }).getByRole('link', { name: 'Upgrade to Premium' }),
  ).toHaveAttribute('href', '/billing/upgrade');
});

test('the free trial: Premium on a trial, cancelled, and not a second time', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await returnToSiteUnderTest(page, baseURL!);
  const member = await freshMember('Tariq Trial');
  await signInAs(page, member);

  await page.goto('/membership');
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STANDIN}/checkout/cs_`), { timeout: 20_000 });
  await expect(page.getByText('14-day free trial')).toBeVisible();
  await payAndBePremium(page);

  await page.goto('/account');
  await expect(planName(page)).toHaveText('Premium (paid)', { timeout: 20_000 });
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await cancelInPortal(page);

  await advanceStandinClock(15 * DAY);
  await expect
    .poll(async () => (await adminDb().doc(`profiles/${member.uid}`).get()).get('subscription_status'), {
      timeout: 20_000,
    })
    .toBe('free');

  await page.goto('/membership');
  await page.getByRole('link', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('alert')).toHaveText(CHECKOUT_MESSAGES.trialUsed, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Upgrade without a trial' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STANDIN}/checkout/cs_`), { timeout: 20_000 });
  await expect(page.getByText('14-day free trial')).toHaveCount(0);
});

test("a visitor's 'Upgrade to Premium' leads to /register", async ({ page }) => {
  await page.goto('/membership');
  await page.locator('[data-plan="premium"]').getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(/\/register$/, { timeout: 20_000 });
});
