// A member who changed their page slug keeps the old page_slugs claim (with
// retired_at), and the old address answers 301 to the current one. The test makes
// its own member (and removes it after), so it runs in the `mutating` project: while
// it exists, the directory counts one more member.
import { randomUUID } from 'node:crypto';
import { directoryFields } from '../../../src/domain/accounts/directory';
import { adminDb, expect, test } from '../helpers/fixtures';

const uid = `e2e-moved-${randomUUID().slice(0, 8)}`;
const oldSlug = `${uid}-old`;
const newSlug = `${uid}-new`;
const name = 'Rowan Movewell';

test.beforeAll(async () => {
  const db = adminDb();
  const now = new Date();
  const batch = db.batch();
  batch.set(db.doc(`profiles/${uid}`), {
    user_id: uid,
    page_slug: newSlug,
    display_name: name,
    role: 'User',
    category: 'Book Author',
    about_me: 'Moved to a new address.',
    social_links: {},
    subscription_status: 'free',
    approval_status: 'approved',
    is_active: true,
    book_count: 0,
    created_at: now,
    updated_at: now,
    ...directoryFields({ display_name: name, category: 'Book Author', about_me: 'Moved to a new address.' }),
  });
  // What the profile save leaves behind when a member changes their slug.
  batch.set(db.doc(`page_slugs/${oldSlug}`), { uid, claimed_at: now, retired_at: now });
  batch.set(db.doc(`page_slugs/${newSlug}`), { uid, claimed_at: now });
  await batch.commit();
});

test.afterAll(async () => {
  const db = adminDb();
  await Promise.all([
    db.doc(`profiles/${uid}`).delete(),
    db.doc(`page_slugs/${oldSlug}`).delete(),
    db.doc(`page_slugs/${newSlug}`).delete(),
  ]);
});

test('an old profile address answers 301 to the member’s current one, which a visitor then sees', async ({
  page,
  request,
}) => {
  const response = await request.get(`/profile/${oldSlug}`, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe(`/profile/${newSlug}`);
  expect(response.headers()['netlify-cache-tag']).toBe(`profile-${uid},profile-slug-${oldSlug}`);

  await page.goto(`/profile/${oldSlug}`);
  await expect(page).toHaveURL(new RegExp(`/profile/${newSlug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
});

test('the old address of a member who is no longer public is not found, not redirected', async ({
  request,
}) => {
  await adminDb().doc(`profiles/${uid}`).update({ is_active: false });
  try {
    const response = await request.get(`/profile/${oldSlug}`, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Profile Not Found');
  } finally {
    await adminDb().doc(`profiles/${uid}`).update({ is_active: true });
  }
});
