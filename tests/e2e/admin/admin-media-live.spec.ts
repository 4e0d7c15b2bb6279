// The dashboard's site media and page-content form: an admin uploads a logo
// through the image pipeline and saves it (site_settings gets the upload's URL),
// a member is refused the admin-only upload kinds, and the about page's fields
// and raw JSON editor follow each other (an invalid JSON edit is ignored and
// its error shown). The logo changes what everyone sees, so this runs in the
// mutating project and puts the stored logo back at the end.
import { adminDb, expect, test } from '../helpers/fixtures';
import { solidPng } from '../helpers/images';
import { idTokenFor } from '../helpers/id-tokens';
import { freshMember, MEMBER_PASSWORD, signInAs } from '../helpers/members';

test('an admin uploads a logo and saves it; a member may not upload one', async ({ page, request }) => {
  test.setTimeout(120_000);
  const db = adminDb();
  const stamp = Date.now().toString(36);
  const admin = await freshMember(`Logo Admin ${stamp}`, { admin: true });
  const member = await freshMember(`Logo Member ${stamp}`);
  const saved = (await db.doc('site_settings/main').get()).get('logo_url') as unknown;

  const refused = await request.post('/api/uploads/site-logos', {
    headers: {
      'Content-Type': 'application/octet-stream',
      Authorization: `Bearer ${await idTokenFor(member.email, MEMBER_PASSWORD)}`,
    },
    data: await solidPng(200, 80),
  });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: 'Only administrators can upload logos.' });

  try {
    await signInAs(page, admin);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Site Settings' }).click();
    const field = page.getByRole('group', { name: 'Logo', exact: true });
    await field
      .locator('input[type="file"]')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await solidPng(200, 80) });
    // The seed has a logo already: wait for the uploaded one to replace it before saving.
    await expect(field.getByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      new RegExp(`^/media/${admin.uid}/site-logos/`),
      { timeout: 20_000 },
    );
    await page.getByRole('button', { name: 'Save Branding' }).click();
    // The callable's first call may wait for a cold functions worker.
    await expect(
      page.getByText('Site settings updated. The public pages follow within about a minute.'),
    ).toBeVisible({ timeout: 30_000 });
    const stored = (await db.doc('site_settings/main').get()).get('logo_url') as string;
    expect(stored).toMatch(new RegExp(`^/media/${admin.uid}/site-logos/[A-Za-z0-9_-]+/w\\d+\\.webp$`));
    expect((await request.get(stored)).status()).toBe(200);
  } finally {
    await db.doc('site_settings/main').set({ logo_url: saved ?? null }, { merge: true });
  }
});

test('the about page fields and its JSON editor follow each other; invalid JSON is ignored with its error shown', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const admin = await freshMember(`Content Admin ${Date.now().toString(36)}`, { admin: true });
  await signInAs(page, admin);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Pages & Legal' }).click();
  const form = page.getByRole('form', { name: 'About page' });
  const heroTitle = form.getByLabel('Hero Title', { exact: true });
  const json = form.getByLabel('Content (JSON)');
  await expect(heroTitle).toBeVisible({ timeout: 20_000 });

  // A field edit rewrites the JSON.
  await heroTitle.fill('Readers and writers, together');
  await expect(json).toHaveValue(/"title": "Readers and writers, together"/);

  // A valid JSON edit reaches the fields.
  const text = await json.inputValue();
  await json.fill(text.replace('Readers and writers, together', 'Edited in JSON'));
  await expect(heroTitle).toHaveValue('Edited in JSON');

  // An invalid one is ignored: the error shows and the fields keep the last valid content.
  await json.fill('{ "hero": ');
  await expect(form.getByRole('alert')).toContainText('Invalid JSON');
  await expect(form.getByRole('alert')).toContainText('The last valid content is kept until this is fixed.');
  await expect(heroTitle).toHaveValue('Edited in JSON');

  // A field error shows inline and leaves the JSON alone.
  await heroTitle.fill('x'.repeat(500));
  await expect(form.getByLabel('Hero Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});
