// Author updates in the browser against the production build, on a member the
// test creates: from their own profile page the author refuses an over-long
// title inline, then posts an update about one of their books, which shows at
// once in the Updates section (its markup rendered, HTML shown as text, the
// book linked) and in the author's RSS feed, which the page's head names. An
// instant follower then gets a posted update by email, switches to the weekly
// digest from its link, and the author's account page counts the mail.
import { memberFollowId } from '../../../src/domain/follows/follows';
import { UPDATE_MESSAGES, UPDATE_TITLE_MAX } from '../../../src/domain/updates/author-update';
import { adminDb, expect, test } from '../helpers/fixtures';
import { findMail } from '../helpers/mail';
import { freshMember, signInAs, storedBook } from '../helpers/members';

/** A cold function on the emulator can take a while on two cores. */
const SLOW = { timeout: 60_000 };

test('an author posts an update from their profile; it shows in the Updates section and the feed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const author = await freshMember('Ursa Updater');
  const book = await adminDb()
    .collection('books')
    .add(storedBook(author, 'Salt and Lanterns', { owner_public: true, is_public: true }));

  // A visitor's page has no Updates section yet, but names the feed.
  await page.goto(`/profile/${author.slug}`);
  await expect(page.getByRole('region', { name: 'Updates', exact: true })).toHaveCount(0);
  const feedLink = page.locator('link[rel="alternate"][type="application/rss+xml"]');
  await expect(feedLink).toHaveAttribute('href', `/profile/${author.slug}/rss.xml`);
  await expect(feedLink).toHaveAttribute('title', 'Updates from Ursa Updater');

  await signInAs(page, author);
  await page.goto(`/profile/${author.slug}`);
  const updates = page.getByRole('region', { name: 'Updates', exact: true });
  await expect(updates.getByText('You have not posted any updates yet.')).toBeVisible(SLOW);
  const form = updates.getByRole('form', { name: 'Post an update to your followers' });
  await expect(form.getByLabel('About one of your books (optional)')).toBeVisible(SLOW);

  await form.getByLabel('Title').fill('x'.repeat(UPDATE_TITLE_MAX + 1));
  await form.getByLabel('Your update').fill('News.');
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(form.getByText(UPDATE_MESSAGES.titleTooLong)).toBeVisible();

  await form.getByLabel('Title').fill('The cover is final');
  await form
    .getByLabel('Your update')
    .fill('**Big** news for my readers.\n\n<script>window.updated = true</script>');
  await form.getByLabel('About one of your books (optional)').selectOption({ label: 'Salt and Lanterns' });
  await form.getByRole('button', { name: 'Post update' }).click();

  await expect(page.getByText(UPDATE_MESSAGES.posted)).toBeVisible(SLOW);
  await expect(page).toHaveURL(/\?updated=[^#]+#update-/);
  const id = new URL(page.url()).hash.replace('#update-', '');
  const shown = page.locator(`#update-${id}`);
  await expect(shown.getByRole('heading', { name: 'The cover is final' })).toBeVisible();
  await expect(shown.locator('strong', { hasText: 'Big' })).toBeVisible();
  await expect(shown.getByText('<script>window.updated = true</script>')).toBeVisible();
  expect(await page.evaluate(() => (window as { updated?: boolean }).updated)).toBeUndefined();
  await expect(shown.getByRole('link', { name: 'Salt and Lanterns' })).toHaveAttribute(
    'href',
    `/book/${book.id}`,
  );
  await expect(shown).toContainText('About: Salt and Lanterns');
  await expect(shown.getByRole('button', { name: 'Delete update “The cover is final”' })).toBeVisible(SLOW);

  const feed = await page.request.get(`/profile/${author.slug}/rss.xml`);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  const xml = await feed.text();
  expect(xml).toContain('<title>Updates from Ursa Updater</title>');
  expect(xml).toContain('<title>The cover is final</title>');
  expect(xml).toMatch(new RegExp(`<link>https?://[^<]+/profile/${author.slug}#update-${id}</link>`));
  expect(xml).toContain('Big news for my readers.');

  const unknown = await page.request.get('/profile/no-such-member-here/rss.xml');
  expect(unknown.status()).toBe(404);
});

test('an instant follower gets a posted update by email, switches to the weekly digest from it, and the author sees it counted', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const author = await freshMember('Ulla Mailer');
  const reader = await freshMember('Rhea Reader', { category: 'Book Lover/Marketer' });
  const follow = adminDb().doc(`follows/${memberFollowId(author.uid, reader.uid)}`);
  // As updateFollow stores it (following from the button is the follows spec's journey).
  await follow.set({
    author_uid: author.uid,
    follower: { kind: 'member', uid: reader.uid },
    mode: 'instant',
    created_at: new Date(),
  });

  await signInAs(page, author);
  await page.goto(`/profile/${author.slug}`);
  const form = page
    .getByRole('region', { name: 'Updates', exact: true })
    .getByRole('form', { name: 'Post an update to your followers' });
  await expect(form.getByText('Followers who chose instant emails get it by email')).toBeVisible(SLOW);
  const title = `Tour dates ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your update').fill('I read in **Lisbon** on Friday.');
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(page.getByText(UPDATE_MESSAGES.posted)).toBeVisible(SLOW);
  const id = new URL(page.url()).hash.replace('#update-', '');

  const mail = await findMail(reader.email, new RegExp(`^Ulla Mailer: ${title}$`), 90_000);
  expect(mail.html).toContain('<strong>Lisbon</strong>');
  expect(mail.html).toContain(`/profile/${author.slug}#update-${id}`);
  const headers = (mail as unknown as { headers: Record<string, string> }).headers;
  expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const switchLink = /Get a weekly digest instead: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
  expect(switchLink).toContain('k=weekly');

  // The link asks first; the button switches the follow, which stays.
  await page.goto(switchLink);
  expect((await follow.get()).get('mode')).toBe('instant');
  await page.getByRole('button', { name: 'Switch to the weekly digest' }).click();
  await expect(page.getByRole('heading', { name: 'You will get a weekly digest' })).toBeVisible();
  expect((await follow.get()).get('mode')).toBe('weekly');

  // The author's account page counts the mail, never naming the follower.
  await expect
    .poll(async () => Boolean((await adminDb().doc(`update_mail/${id}`).get()).get('completed_at')), SLOW)
    .toBe(true);
  await page.goto('/account');
  const analytics = page.getByRole('region', { name: 'Analytics' });
  const row = analytics.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell', { name: 'Emailed to 1 follower' })).toBeVisible({ timeout: 45_000 });
  await expect(analytics).not.toContainText(reader.email);
});
