// An admin features a product (from its page's editor, beside Active) and a
// classified ad (the Featured switch on its page); each then leads the
// marketplace's 'Featured First' sort of its kind. The seed already holds
// featured products and ads, so neither new listing leads before it is featured.
import type { Page } from '@playwright/test';
import { adminDb, expect, test } from './fixtures';
import { freshMember, signInAs } from './helpers/members';

const firstCard = (page: Page, query: string) => async () => {
  await page.goto(`/classifieds?${query}`);
  return (await page.locator('#results article h3').first().textContent())?.trim();
};

test('an admin features a product and an ad, and each comes first under Featured First', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const owner = await freshMember(`Featured Seller ${stamp}`);
  const admin = await freshMember(`Featuring Admin ${stamp}`, { admin: true });
  const productTitle = `Brass bookmark ${stamp}`;
  const adTitle = `Oak bookshelf ${stamp}`;
  const now = new Date();
  const product = await adminDb().collection('products_services').add({
    user_id: owner.uid,
    title: productTitle,
    description: 'A brass bookmark.',
    category: 'product',
    subcategory: null,
    price: '$12',
    price_numeric: 12,
    currency: 'USD',
    condition: 'new',
    contact_info: null,
    image_url: null,
    website_url: null,
    tags: [],
    is_active: true,
    is_featured: false,
    views_count: 0,
    created_at: now,
    updated_at: now,
  });
  const ad = await adminDb().collection('classified_ads').add({
    user_id: owner.uid,
    title: adTitle,
    description: 'A solid oak bookshelf, five shelves.',
    category: 'storage-organization',
    subcategory: 'bookshelves',
    price: 120,
    currency: 'USD',
    condition: 'good',
    location: null,
    contact_method: 'message',
    is_service: false,
    tags: [],
    is_active: true,
    is_featured: false,
    views_count: 0,
    created_at: now,
  });

  // Listed (the market index triggers have copied both), but behind the seeded featured listings.
  await expect
    .poll(firstCard(page, `type=products&search=${encodeURIComponent(productTitle)}`), { timeout: 90_000 })
    .toBe(productTitle);
  await expect
    .poll(firstCard(page, `type=classifieds&search=${encodeURIComponent(adTitle)}`), { timeout: 30_000 })
    .toBe(adTitle);
  expect(await firstCard(page, 'type=products&sort=featured')()).not.toBe(productTitle);
  expect(await firstCard(page, 'type=classifieds&sort=featured')()).not.toBe(adTitle);

  await signInAs(page, admin);
  await test.step('the product: the Featured checkbox beside Active in its page editor', async () => {
    await page.goto(`/product-service/${product.id}?edit=true`);
    const featured = page.getByLabel('Featured', { exact: true });
    await expect(featured).not.toBeChecked({ timeout: 20_000 });
    await featured.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Success', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect((await product.get()).get('is_featured')).toBe(true);
    await expect.poll(firstCard(page, 'type=products&sort=featured'), { timeout: 30_000 }).toBe(productTitle);
  });

  await test.step('the ad: the Featured switch on its page', async () => {
    await page.goto(`/classifieds/${ad.id}`);
    const featured = page.getByLabel('Featured', { exact: true });
    await expect(featured).not.toBeChecked({ timeout: 20_000 });
    await featured.check();
    await expect(page.getByText('The ad is now featured.')).toBeVisible({ timeout: 20_000 });
    expect((await ad.get()).get('is_featured')).toBe(true);
    await expect.poll(firstCard(page, 'type=classifieds&sort=featured'), { timeout: 30_000 }).toBe(adTitle);
  });
});

test('a seller sees no Featured switch on their own ad', async ({ page }) => {
  const seller = await freshMember(`Plain Seller ${Date.now().toString(36)}`);
  const ad = await adminDb().collection('classified_ads').add({
    user_id: seller.uid,
    title: 'Reading lamp',
    description: 'A clip-on reading lamp, barely used.',
    category: 'reading-accessories',
    subcategory: 'book-lights',
    price: 15,
    currency: 'USD',
    condition: 'good',
    location: null,
    contact_method: 'message',
    is_service: false,
    tags: [],
    is_active: true,
    is_featured: false,
    views_count: 0,
    created_at: new Date(),
  });
  await signInAs(page, seller);
  await page.goto(`/classifieds/${ad.id}`);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Featured', { exact: true })).toBeHidden();
});
