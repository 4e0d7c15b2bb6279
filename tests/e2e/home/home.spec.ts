// The home page's blocks, in the spec's order, each checked against what the
// demo data in Firestore holds: banners, the quiz, the zodiac pick, the author
// and book slots, the book, free and audiobook counts with their top genres,
// the marketplace figures, and the static blocks.
import type { Page } from '@playwright/test';
import { BOOK_CATEGORIES, GENRE_CATALOGUE, type BookCategory } from '../../../src/domain/items/genres.ts';
import {
  COMMUNITY_COUNTS,
  QUIZ_RESULTS,
  TOP_GENRES_AUDIO,
  TOP_GENRES_CATEGORIES,
  TOP_GENRES_FREE,
  bookCountText,
  listingCountText,
  rankGenres,
  topAdCategories,
} from '../../../src/domain/home/home.ts';
import { categoryLabel } from '../../../src/domain/items/marketplace.ts';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';

type Flag = null | 'has_free_reading' | 'has_audiobook';

/** What the home page should show for one book section, from Firestore count() queries. */
async function expectedCounts(flag: Flag) {
  let base = adminDb().collection('books').where('is_public', '==', true);
  if (flag) base = base.where(flag, '==', true);
  const count = async (q: typeof base) => (await q.count().get()).data().count;
  const byCategory: Record<string, number> = {};
  const byGenre: Record<string, number> = {};
  for (const { value } of BOOK_CATEGORIES) {
    const inCategory = base.where('category', '==', value);
    byCategory[value] = await count(inCategory);
    await Promise.all(
      GENRE_CATALOGUE[value].map(
        async (g) => (byGenre[g.value] = await count(inCategory.where('genre', 'array-contains', g.value))),
      ),
    );
  }
  return { byCategory, byGenre };
}

function section(page: Page, heading: string) {
  return page.locator('section', {
    has: page.getByRole('heading', { level: 2, name: heading, exact: true }),
  });
}

function card(page: Page, heading: string, title: string) {
  return section(page, heading).locator('article', {
    has: page.getByRole('heading', { level: 3, name: title, exact: true }),
  });
}

test.describe('home page blocks', () => {
  test('the blocks appear in the spec order', async ({ page }) => {
    await page.goto('/');
    const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
    expect(headings.map((h) => h.trim())).toEqual([
      'Advertisements',
      'Interactive Features',
      'Meet Our Community',
      'Featured Books',
      'Book Categories',
      'Free eBooks Downloads or Read Online',
      'Audiobooks',
      'Books Marketplace',
      'Directory of Book-Related Communities',
      'Events & Promotions',
      'Latest Newsletters',
      'From the Blog',
    ]);
  });

  test('a visitor sees the active banners in position order, each linking to its link_url', async ({
    page,
  }) => {
    const snap = await adminDb()
      .collection('advertisement_banners')
      .where('is_active', '==', true)
      .orderBy('position')
      .limit(3)
      .get();
    await page.goto('/');
    const boxes = section(page, 'Advertisements').getByRole('listitem');
    await expect(boxes).toHaveCount(3);
    for (const [i, doc] of snap.docs.entries()) {
      const box = boxes.nth(i);
      await expect(box.getByRole('img', { name: doc.get('title') })).toBeVisible();
      if (doc.get('link_url'))
        await expect(box.getByRole('link')).toHaveAttribute('href', doc.get('link_url'));
    }
    await expect(section(page, 'Advertisements').getByText('Advertise here')).toHaveCount(3 - snap.size);
    const inactive = await adminDb()
      .collection('advertisement_banners')
      .where('is_active', '==', false)
      .get();
    for (const doc of inactive.docs)
      await expect(page.getByRole('img', { name: doc.get('title') })).toHaveCount(0);
  });

  test('a visitor answers the three quiz questions, sees their reader type, and Take Again resets it', async ({
    page,
  }) => {
    await page.goto('/');
    const quiz = page.locator('#hero-quiz');
    await expect(quiz.getByText('Answer all three questions')).toBeVisible();
    await quiz
      .getByRole('group', { name: /Where would you most like to read/ })
      .getByLabel('In an old library')
      .check();
    await quiz
      .getByRole('group', { name: /Which book would you pick up first/ })
      .getByLabel('A heartfelt memoir')
      .check();
    for (const result of QUIZ_RESULTS) await expect(quiz.getByText(result.title)).toBeHidden();
    await quiz
      .getByRole('group', { name: /What do you want from a story/ })
      .getByLabel('Knowledge')
      .check();
    await expect(quiz.getByText('The Wise Scholar')).toBeVisible();
    await expect(quiz.getByText('The Brave Explorer')).toBeHidden();

    await quiz.getByRole('button', { name: 'Take Again' }).click();
    await expect(quiz.getByText('The Wise Scholar')).toBeHidden();
    await expect(quiz.getByText('Answer all three questions')).toBeVisible();
    await expect(quiz.getByRole('radio', { checked: true })).toHaveCount(0);
  });

  test('the quiz works with the keyboard alone, and three different answers go to the lowest index', async ({
    page,
  }) => {
    await page.goto('/');
    const quiz = page.locator('#hero-quiz');
    await quiz.getByRole('radio').first().focus();
    // Each group: arrow to an answer, then Tab into the next group.
    await page.keyboard.press('ArrowDown'); // q1 → answer 1
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space'); // q2 → answer 0
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown'); // q3 → answer 2
    await expect(quiz.getByText('The Brave Explorer')).toBeVisible();
  });

  test('the zodiac card shows only the Aries pick and the static cards do not pretend to work', async ({
    page,
  }) => {
    await page.goto('/');
    const features = section(page, 'Interactive Features');
    await expect(features.getByTestId('zodiac-pick')).toHaveText('Action & Adventure');
    for (const name of ['Share', 'Save', 'Submit Your Own'])
      await expect(features.getByRole('button', { name })).toBeDisabled();
    await expect(features.getByText('Feature Coming Soon')).toHaveCount(1);
    await expect(features.getByRole('heading', { name: 'Reading Challenges' })).toBeVisible();
    await expect(features.getByRole('heading', { name: 'Daily Quote' })).toBeVisible();
    await expect(features.getByRole('heading', { name: 'Micro-Poem' })).toBeVisible();
  });

  test('Book Categories shows the active-book counts and top 6 genres linking to /categories', async ({
    page,
  }) => {
    const expected = await expectedCounts(null);
    await page.goto('/');
    for (const { value, label } of BOOK_CATEGORIES) {
      const c = card(page, 'Book Categories', label);
      await expect(c.getByTestId('count')).toHaveText(bookCountText(expected.byCategory[value]!));
      const top = rankGenres(value as BookCategory, expected.byGenre, TOP_GENRES_CATEGORIES);
      const chips = c.getByRole('list').getByRole('link');
      await expect(chips).toHaveCount(top.length);
      for (const [i, genre] of top.entries()) {
        await expect(chips.nth(i)).toHaveText(`${genre.label} (${genre.count})`);
        await expect(chips.nth(i)).toHaveAttribute('href', `/categories?genre=${genre.value}`);
      }
      await expect(c.getByRole('link', { name: 'View All Categories' })).toHaveAttribute(
        'href',
        '/categories',
      );
      await expect(c.getByRole('link', { name: `Browse ${label}` })).toHaveAttribute(
        'href',
        `/categories?genre=${value}`,
      );
    }
  });

  test('Free eBooks shows free-read counts and 4 popular genres linking to /free-books', async ({ page }) => {
    const expected = await expectedCounts('has_free_reading');
    await page.goto('/');
    for (const { value, label } of BOOK_CATEGORIES) {
      const c = card(page, 'Free eBooks Downloads or Read Online', label);
      await expect(c.getByTestId('count')).toHaveText(
        `${bookCountText(expected.byCategory[value]!)} free to read`,
      );
      const top = rankGenres(value as BookCategory, expected.byGenre, TOP_GENRES_FREE);
      const chips = c.getByRole('list').getByRole('link');
      await expect(chips).toHaveCount(top.length);
      for (const [i, genre] of top.entries()) {
        await expect(chips.nth(i)).toHaveAttribute(
          'href',
          `/free-books?genre=${value}&subGenre=${genre.value}`,
        );
      }
      await expect(c.getByRole('link', { name: `Browse Free ${label}` })).toHaveAttribute(
        'href',
        `/free-books?genre=${value}`,
      );
    }
    await expect(
      section(page, 'Free eBooks Downloads or Read Online').getByRole('link', {
        name: 'View All Free Books',
      }),
    ).toHaveAttribute('href', '/free-books');
  });

  test('Audiobooks shows 5 top genres per category with the capitalised category in its links', async ({
    page,
  }) => {
    const expected = await expectedCounts('has_audiobook');
    await page.goto('/');
    const block = section(page, 'Audiobooks');
    for (const { value, label } of BOOK_CATEGORIES) {
      const c = card(page, 'Audiobooks', label);
      const top = rankGenres(value as BookCategory, expected.byGenre, TOP_GENRES_AUDIO);
      const chips = c.getByRole('list').getByRole('link');
      await expect(chips).toHaveCount(top.length);
      for (const [i, genre] of top.entries()) {
        await expect(chips.nth(i)).toHaveAttribute(
          'href',
          `/audiobooks?category=${label}&genre=${genre.value}`,
        );
      }
      await expect(c.getByRole('link', { name: `${label} Audiobooks` })).toHaveAttribute(
        'href',
        `/audiobooks?category=${label}`,
      );
    }
    await expect(block.getByRole('link', { name: /^View All/ })).toHaveAttribute('href', '/audiobooks');
  });

  test('the marketplace block shows books, products plus classifieds, and up to 3 category chips', async ({
    page,
  }) => {
    const db = adminDb();
    // The block reads the market index: only active listings of active, approved members.
    const market = db.collection('market_listings');
    const count = async (types: string[]) =>
      (await market.where('type', 'in', types).count().get()).data().count;
    const [books, products, classifieds] = await Promise.all([
      count(['book']),
      count(['product', 'service']),
      count(['classified']),
    ]);
    const sample = await market.where('type', '==', 'classified').select('category').limit(100).get();
    const chips = topAdCategories(sample.docs.map((d) => d.get('category') as string)).slice(0, 3);
    await page.goto('/');
    const block = section(page, 'Books Marketplace');
    await expect(card(page, 'Books Marketplace', 'Books').getByTestId('count')).toHaveText(
      bookCountText(books),
    );
    await expect(
      card(page, 'Books Marketplace', 'Books').getByRole('link', { name: 'Browse Books' }),
    ).toHaveAttribute('href', '/classifieds?category=books-publications');
    const ps = card(page, 'Books Marketplace', 'Products & Services');
    await expect(ps.getByTestId('count')).toHaveText(listingCountText(products + classifieds));
    const chipLinks = ps.getByRole('list').getByRole('link');
    await expect(chipLinks).toHaveCount(chips.length);
    for (const [i, chip] of chips.entries())
      await expect(chipLinks.nth(i)).toHaveText(categoryLabel(chip.value));
    await expect(block.getByRole('link', { name: 'View All Marketplace' })).toHaveAttribute(
      'href',
      '/classifieds',
    );
    await expect(block.getByRole('link', { name: 'Post First Ad' })).toHaveCount(
      products + classifieds === 0 ? 1 : 0,
    );
  });

  test('the static blocks: communities, events and promotions, newsletters and blog', async ({ page }) => {
    await page.goto('/');
    const communities = section(page, 'Directory of Book-Related Communities');
    for (const c of COMMUNITY_COUNTS)
      await expect(communities.getByRole('listitem').filter({ hasText: c.platform })).toContainText(
        String(c.count),
      );
    await expect(communities).toContainText('7 Platform Types');
    await expect(communities).toContainText('100+ Communities');
    await expect(communities.getByRole('link', { name: 'Explore Book Communities' })).toHaveAttribute(
      'href',
      '/book-communities',
    );

    const events = section(page, 'Events & Promotions');
    await expect(events).toContainText('Virtual Author Meetup');
    // The holiday promotion shows only while a promotion code is set (the seed sets one), naming it.
    const code = (await adminDb().doc('site_settings/main').get()).get('promotion_code') as string | null;
    const promotion = events.getByRole('heading', { level: 3, name: /^Use code .+ at checkout$/ });
    if (code) {
      await expect(promotion).toHaveText(`Use code ${code} at checkout`);
      await expect(events).not.toContainText('%');
    } else {
      await expect(promotion).toHaveCount(0);
    }

    // The teasers are the latest five published items, newest first, each linking to its page.
    const db = adminDb();
    for (const [heading, base, collection] of [
      ['Latest Newsletters', '/newsletters', 'newsletters'],
      ['From the Blog', '/blog', 'blog_posts'],
    ] as const) {
      const published = await db
        .collection(collection)
        .where('is_published', '==', true)
        .orderBy('created_at', 'desc')
        .limit(5)
        .get();
      const list = section(page, heading);
      const links = list.getByRole('listitem').getByRole('link');
      await expect(links).toHaveCount(published.size);
      for (const [i, doc] of published.docs.entries()) {
        await expect(links.nth(i)).toHaveText(String(doc.get('title')));
        await expect(links.nth(i)).toHaveAttribute('href', `${base}/${String(doc.get('slug') ?? doc.id)}`);
      }
      await expect(list.getByRole('link', { name: /^View All/ })).toHaveAttribute('href', base);
    }
  });

  test('the author slots follow the slot rule: every seeded featured slot shows its member, no slot is left without a card', async ({
    page,
  }) => {
    const db = adminDb();
    const featured = await db.collection('featured_profiles').get();
    await page.goto('/');
    const slots = section(page, 'Meet Our Community').getByRole('listitem');
    await expect(slots).toHaveCount(6);
    for (const entry of featured.docs) {
      const profile = (await db.doc(`profiles/${entry.get('user_id')}`).get()).data();
      if (!profile?.is_active || profile.approval_status !== 'approved') continue;
      const slot = slots.nth(Number(entry.id) - 1);
      await expect(slot.getByRole('link')).toHaveAttribute('href', `/profile/${profile.page_slug}`);
    }
    // A slot is either a member card or a disabled Coming Soon button, never a live-looking empty link.
    for (let i = 0; i < 6; i++) {
      const slot = slots.nth(i);
      const links = await slot.getByRole('link').count();
      if (links === 0) await expect(slot.getByRole('button', { name: 'Coming Soon' })).toBeDisabled();
    }
  });

  test('the whole home page has no WCAG 2.1 AA violations, also with a quiz result shown', async ({
    page,
  }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
    const quiz = page.locator('#hero-quiz');
    for (let q = 0; q < 3; q++) await quiz.locator(`input[name="q${q}"]`).nth(3).check();
    await expect(quiz.getByText('The Noble Guardian')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
