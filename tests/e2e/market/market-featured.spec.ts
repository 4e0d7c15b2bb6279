// An admin features a product (from its page's editor, beside Active) and a
// classified ad (the Featured switch on its page), and the flag is stored; a
// seller sees no such switch. That a featured listing leads 'Featured First' is
// the market index's (tests/functions/market/market-index.test.ts, tests/unit/domain/market/market.test.ts).
import { adminDb, expect, test } from '../helpers/fixtures';
import { freshMember, signInAs } from '../helpers/members';

/** An active, unfeatured classified ad of `userId` in USD, good condition, answered by message; `listing` names and prices it. */
function activeAd(userId: string, listing: Record<string, unknown>): Record<string, unknown> {
  return {
    user_id: userId,
    currency: 'USD',
    condition: 'good',
    location: null,
    contact_method: 'message',
    is_service: false,
    tags: [],
    is_active: true,
    is_featured: false,
    views_count: 0,
    ...listing,
  };
}

test('an admin features a product from its page editor and an ad from its page', async ({ page }) => {
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
  const ad = await adminDb()
    .collection('classified_ads')
    .add(
      activeAd(owner.uid, {
        title: adTitle,
        description: 'A solid oak bookshelf, five shelves.',
        category: 'storage-organization',
        subcategory: 'bookshelves',
        price: 120,
        created_at: now,
      }),
    );

  await signInAs(page, admin);
  await test.step('the product: the Featured checkbox beside Active in its page editor', async () => {
    await page.goto(`/product-service/${product.id}?edit=true`);
    const featured = page.getByLabel('Featured', { exact: true });
    await expect(featured).not.toBeChecked({ timeout: 20_000 });
    await featured.check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Success', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await product.get()).get('is_featured')).toBe(true);
  });

  await test.step('the ad: the Featured switch on its page', async () => {
    await page.goto(`/classifieds/${ad.id}`);
    const featured = page.getByLabel('Featured', { exact: true });
    await expect(featured).not.toBeChecked({ timeout: 20_000 });
    await featured.check();
    await expect(page.getByText('The ad is now featured.')).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await ad.get()).get('is_featured')).toBe(true);
  });
});

test('a seller sees no Featured switch on their own ad', async ({ page }) => {
  const seller = await freshMember(`Plain Seller ${Date.now().toString(36)}`);
  const ad = await adminDb()
    .collection('classified_ads')
    .add(
      activeAd(seller.uid, {
        title: 'Reading lamp',
        description: 'A clip-on reading lamp, barely used.',
        category: 'reading-accessories',
        subcategory: 'book-lights',
        price: 15,
        created_at: new Date(),
      }),
    );
  await signInAs(page, seller);
  await page.goto(`/classifieds/${ad.id}`);
  await expect(page.getByRole('link', { name: 'Edit', exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Featured', { exact: true })).toBeHidden();
});
