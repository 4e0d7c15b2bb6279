// The member directory (/directory), checked against what the demo data holds: the
// expected lists come from the same pure rule (filterAndSortMembers) applied to every
// profile read through the Admin SDK, so the test checks the Firestore queries. A
// public profile that fails the schema (tests/e2e/helpers/malformed-documents.ts) is
// counted and takes its place in a page's query like any other, but is never shown.
import type { Locator, Page } from '@playwright/test';
import {
  DIRECTORY_GROUPS,
  DIRECTORY_GROUP_SIZE,
  DIRECTORY_PAGE_SIZE,
  directoryFields,
  directoryMemberSchema,
  filterAndSortMembers,
  groupMembers,
  memberName,
  type DirectoryMember,
  type DirectorySort,
} from '../../../src/domain/accounts/directory';
import { parseDoc, toPlainData } from '../../../src/data/firestore-convert';
import type { UserCategory } from '../../../src/domain/accounts/profile';
import { parseSearch } from '../../../src/domain/shared/list-search';
import { adminDb, expect, expectNoAxeViolations, test } from '../helpers/fixtures';
import { isListableMember } from '../helpers/malformed-documents';

// The paging test adds members for a moment; serial, so no count here sees them.
test.describe.configure({ mode: 'serial' });

interface Seeded {
  /** Active, approved members whose documents parse: the ones a card can show. */
  listed: DirectoryMember[];
  /** Every active, approved profile, malformed ones included (as stored): what the queries and counts see. */
  all: DirectoryMember[];
  hidden: Array<{ name: string; why: string }>;
}

/** Every profile: the listed ones (active and approved) as directory members, and the names of the others. */
async function seeded(): Promise<Seeded> {
  const docs = (await adminDb().collection('profiles').get()).docs;
  const listed: DirectoryMember[] = [];
  const all: DirectoryMember[] = [];
  const hidden: Seeded['hidden'] = [];
  for (const doc of docs) {
    const data = doc.data();
    if (data.is_active === true && data.approval_status === 'approved') {
      const member = isListableMember(doc.id, data) ? parseDoc(directoryMemberSchema, doc.id, data) : null;
      if (member) listed.push(member);
      all.push(member ?? ({ ...(toPlainData(data) as object), id: doc.id } as DirectoryMember));
    } else
      hidden.push({
        name: data.display_name,
        why: `${data.approval_status}, ${data.is_active ? 'active' : 'inactive'}`,
      });
  }
  return { listed, all, hidden };
}

/** The names a page shows of an expected order: its slice of what the query returns, less the malformed members. */
function shown(members: DirectoryMember[], { listed }: Seeded, from = 0, to = members.length): string[] {
  const listable = new Set(listed.map((m) => m.id));
  return members
    .slice(from, to)
    .filter((m) => listable.has(m.id))
    .map(memberName);
}

/**
 * The profile of an approved Publisher `id` who joined `day` days after 1 January 2001, with the
 * directory fields the profileDirectoryFields trigger and the seed store.
 */
function longStandingPublisher(id: string, displayName: string, day: number): Record<string, unknown> {
  return {
    user_id: id,
    page_slug: id,
    display_name: displayName,
    role: 'User',
    category: 'Publisher',
    about_me: null,
    social_links: {},
    subscription_status: 'free',
    approval_status: 'approved',
    is_active: true,
    book_count: 0,
    created_at: new Date(Date.UTC(2001, 0, 1 + day)),
    ...directoryFields({ display_name: displayName, category: 'Publisher' }),
  };
}

const names = (members: DirectoryMember[]) => members.map(memberName);
const cards = (scope: Page | Locator) => scope.locator('[data-member-card]');
const cardNames = (scope: Page | Locator) => scope.locator('[data-member-name]').allTextContents();
const countLine = (page: Page) => page.locator('[data-directory-count]');

test('a visitor sees all members grouped under Book Authors, Publishers and Book Lover/Marketers, in that order', async ({
  page,
}) => {
  const members = await seeded();
  const { all } = members;
  await page.goto('/directory');
  await expect(page.getByRole('heading', { level: 1, name: 'User Directory' })).toBeVisible();
  await expect(countLine(page)).toHaveText(`Showing ${all.length} of ${all.length} users`);

  const expected = groupMembers(filterAndSortMembers(all, { terms: [], category: null, sort: 'newest' }));
  const groups = page.locator('[data-directory-group]');
  await expect(groups.getByRole('heading', { level: 2 })).toHaveText(expected.map((group) => group.label));
  for (const [i, group] of expected.entries()) {
    const section = groups.nth(i);
    expect(await cardNames(section)).toEqual(shown(group.members, members, 0, DIRECTORY_GROUP_SIZE));
    const showAll = section.getByRole('link', { name: `Show all ${group.label}` });
    if (group.members.length > DIRECTORY_GROUP_SIZE) {
      await expect(showAll).toHaveAttribute(
        'href',
        `/directory?category=${encodeURIComponent(group.category).replace(/%20/g, '+')}`,
      );
    } else {
      await expect(showAll).toHaveCount(0);
    }
  }
  await expect(page.getByText('More profiles will appear here as our community grows')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('pending, denied and inactive members never appear, whatever the filters', async ({ page }) => {
  const { hidden } = await seeded();
  expect(hidden.map((h) => h.why)).toEqual(
    expect.arrayContaining(['pending, active', 'denied, active', 'approved, inactive']),
  );
  const views = [
    '/directory',
    ...DIRECTORY_GROUPS.map((g) => `/directory?category=${encodeURIComponent(g.category)}&sort=name`),
  ];
  for (const url of views) {
    await page.goto(url);
    const shown = await cardNames(page);
    for (const member of hidden)
      expect(shown, `${member.name} (${member.why}) on ${url}`).not.toContain(member.name);
  }
  for (const member of hidden) {
    await page.goto(`/directory?search=${encodeURIComponent(member.name)}`);
    expect(await cardNames(page), `${member.name} (${member.why}) found by search`).not.toContain(
      member.name,
    );
  }
});

test('a visitor searches by name, and the search stays in the URL', async ({ page }) => {
  const members = await seeded();
  const { listed, all } = members;
  const target = listed.find((m) => m.category === 'Publisher') as DirectoryMember;
  const firstWord = memberName(target).split(' ')[0] as string;
  await page.goto('/directory');
  await page.getByRole('searchbox', { name: 'Search' }).fill(firstWord.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(
    new RegExp(`/directory\\?search=${encodeURIComponent(firstWord.toLowerCase())}$`),
  );
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(firstWord.toLowerCase());

  const expected = filterAndSortMembers(all, {
    terms: parseSearch(firstWord).terms,
    category: null,
    sort: 'newest',
  });
  expect(names(expected)).toContain(memberName(target));
  await expect(countLine(page)).toHaveText(`Showing ${expected.length} of ${all.length} users`);
  expect((await cardNames(page)).sort()).toEqual(shown(expected, members).sort());
});

test('a search for words of name and about text narrows to members matching every word', async ({ page }) => {
  const members = await seeded();
  const target = members.listed.find((m) => (m.about_me ?? '').split(' ').length > 4) as DirectoryMember;
  const aboutWord = (target.about_me as string)
    .split(/\s+/)
    .find((w) => w.replace(/\W/g, '').length > 5)!
    .replace(/\W/g, '');
  const search = `${memberName(target).split(' ')[0]} ${aboutWord}`;
  await page.goto(`/directory?search=${encodeURIComponent(search)}`);
  expect(await cardNames(page)).toContain(memberName(target));
  const expected = filterAndSortMembers(members.all, {
    terms: parseSearch(search).terms,
    category: null,
    sort: 'newest',
  });
  expect((await cardNames(page)).sort()).toEqual(shown(expected, members).sort());
});

test.describe('search folding', () => {
  const id = 'e2e-search-folding';
  const displayName = 'Siobhán O’Brien-Strauß';

  test.beforeAll(async () => {
    // Stored as the profileDirectoryFields trigger and the seed store it; joined long ago, so no "newest" list picks it up.
    await adminDb()
      .doc(`profiles/${id}`)
      .set(longStandingPublisher(id, displayName, 0));
  });

  test.afterAll(async () => {
    await adminDb().doc(`profiles/${id}`).delete();
  });

  test('a search ignores case, accents, apostrophes and spellings like ß = ss', async ({ page }) => {
    for (const search of ["o'brien strauss", 'SIOBHAN OBRIEN', 'Strauß']) {
      await page.goto(`/directory?search=${encodeURIComponent(search)}`);
      expect(await cardNames(page), search).toContain(displayName);
    }
  });

  test('an over-long search is cut with a note, and still finds what its start matches', async ({ page }) => {
    await page.goto(`/directory?search=${encodeURIComponent(`siobhan ${'-'.repeat(150)}`)}`);
    await expect(page.locator('[data-directory-notes]')).toContainText(
      'Your search was longer than 100 characters, so only its first 100 were used.',
    );
    expect(await cardNames(page)).toContain(displayName);
  });
});

test('choosing a category shows a flat grid with the category in the URL and the count line', async ({
  page,
}) => {
  const members = await seeded();
  await page.goto('/directory');
  await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Publishers' });
  await expect(page).toHaveURL(/\/directory\?category=Publisher$/);
  const expected = filterAndSortMembers(members.all, { terms: [], category: 'Publisher', sort: 'newest' });
  await expect(countLine(page)).toHaveText(
    `Showing ${expected.length} of ${members.all.length} users in Publisher`,
  );
  await expect(page.locator('[data-directory-group]')).toHaveCount(0);
  expect(await cardNames(page)).toEqual(shown(expected, members, 0, DIRECTORY_PAGE_SIZE));
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('Publisher');
});

for (const [sort, label] of [
  ['oldest', 'Oldest First'],
  ['name', 'Name (A-Z)'],
  ['most-books', 'Most Books'],
  ['least-books', 'Least Books'],
] as Array<[DirectorySort, string]>) {
  test(`sorting by ${label} orders the members and keeps the sort in the URL`, async ({ page }) => {
    const members = await seeded();
    const category: UserCategory = 'Book Author';
    await page.goto('/directory?category=Book+Author');
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label });
    await expect(page).toHaveURL(new RegExp(`category=Book\\+Author&sort=${sort}$`));
    const expected = filterAndSortMembers(members.all, { terms: [], category, sort });
    expect(await cardNames(page)).toEqual(shown(expected, members, 0, DIRECTORY_PAGE_SIZE));
  });
}

test('cards show picture, name, category, books only for authors and publishers, about text, profile and website links', async ({
  page,
}) => {
  const { listed } = await seeded();
  await page.goto('/directory?sort=name&category=Book+Author');
  const author = listed.find((m) => m.id === 'demo-author') as DirectoryMember;
  const card = cards(page).filter({
    has: page.getByRole('heading', { name: memberName(author), exact: true }),
  });
  await expect(card.locator('[data-member-category]')).toHaveText('Book Author');
  await expect(card.locator('[data-member-books]')).toHaveText(`${author.book_count} books`);
  await expect(card.locator('[data-member-about]')).toHaveText(author.about_me as string);
  await expect(card.locator('[data-member-about]')).toHaveClass(/line-clamp-3/);
  await expect(card.locator('img')).toHaveAttribute('loading', 'lazy');
  const profileLink = card.getByRole('link', { name: /^View Profile/ });
  await expect(profileLink).toHaveAttribute('href', `/profile/${author.page_slug}`);
  await expect(profileLink).toHaveAttribute('target', '_blank');
  const website = card.getByRole('link', { name: `Website of ${memberName(author)} (opens in a new tab)` });
  await expect(website).toHaveAttribute('href', author.social_links.website as string);
  await expect(website).toHaveAttribute('target', '_blank');

  // Book lovers show no book count; members without a website have no website button.
  await page.goto('/directory?category=Book+Lover%2FMarketer');
  await expect(page.locator('[data-member-card]').first()).toBeVisible();
  await expect(page.locator('[data-member-books]')).toHaveCount(0);
  const withoutSite = listed.filter((m) => !m.social_links.website);
  expect(withoutSite.length).toBeGreaterThan(0);
  for (const member of withoutSite) {
    await page.goto(`/directory?category=${encodeURIComponent(member.category as string)}&sort=name`);
    await expect(
      page.getByRole('link', { name: `Website of ${memberName(member)} (opens in a new tab)` }),
    ).toHaveCount(0);
  }
  // The formatter may wrap a block's text onto its own line: the spaces around it are not rendered.
  // Publishers show their count too.
  await page.goto('/directory?category=Publisher');
  await expect(page.locator('[data-member-books]').first()).toHaveText(/^\s*\d+ books?\s*$/);
});

test('a search that finds nobody says so', async ({ page }) => {
  await page.goto('/directory?search=zzqxv');
  await expect(page.getByRole('heading', { name: 'No users found' })).toBeVisible();
  await expect(page.getByText('No users match "zzqxv"')).toBeVisible();
  await expect(countLine(page)).toHaveText(/^\s*Showing 0 of \d+ users\s*$/);
  await expectNoAxeViolations(page);
});

test('unknown parameters are ignored with a visible note, never an error', async ({ page }) => {
  const response = await page.goto('/directory?category=Wizards&sort=random&search=a');
  expect(response?.status()).toBe(200);
  const notes = page.locator('[data-directory-notes]');
  await expect(notes).toContainText('Unknown category "Wizards" was ignored');
  await expect(notes).toContainText('Unknown sort "random" was ignored');
  await expect(notes).toContainText('need at least 2 letters');
  await expect(page.locator('[data-directory-group]').first()).toBeVisible();
});

test.describe('paging', () => {
  const EXTRA = DIRECTORY_PAGE_SIZE + 2;
  const ids = Array.from({ length: EXTRA }, (_, i) => `e2e-paging-${String(i).padStart(2, '0')}`);

  test.beforeAll(async () => {
    const batch = adminDb().batch();
    for (const [i, id] of ids.entries()) {
      const displayName = `Paging Press ${String(i).padStart(2, '0')}`;
      // Joined long ago, so no "newest members" list elsewhere picks them up meanwhile.
      batch.set(adminDb().doc(`profiles/${id}`), longStandingPublisher(id, displayName, i));
    }
    await batch.commit();
  });

  test.afterAll(async () => {
    const batch = adminDb().batch();
    for (const id of ids) batch.delete(adminDb().doc(`profiles/${id}`));
    await batch.commit();
  });

  test('Load more appends the next page, and works as a plain link without JavaScript', async ({
    page,
    browser,
  }) => {
    const members = await seeded();
    const order = filterAndSortMembers(members.all, { terms: [], category: 'Publisher', sort: 'name' });
    expect(order.length).toBeGreaterThan(DIRECTORY_PAGE_SIZE);
    await page.goto('/directory?category=Publisher&sort=name');
    expect(await cardNames(page)).toEqual(shown(order, members, 0, DIRECTORY_PAGE_SIZE));
    const loadMore = page.getByRole('link', { name: 'Load more' });
    await expect(loadMore).toHaveAttribute('href', /after=/);
    await loadMore.click();
    await expect(page.getByRole('status').filter({ hasText: 'more profiles loaded' })).toBeVisible();
    expect(await cardNames(page)).toEqual(shown(order, members, 0, DIRECTORY_PAGE_SIZE * 2));
    await expect(page).toHaveURL(/\/directory\?category=Publisher&sort=name$/);

    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto(`${test.info().project.use.baseURL}/directory?category=Publisher&sort=name`);
    await plain.getByRole('link', { name: 'Load more' }).click();
    await expect(plain).toHaveURL(/after=/);
    expect(await cardNames(plain)).toEqual(
      shown(order, members, DIRECTORY_PAGE_SIZE, DIRECTORY_PAGE_SIZE * 2),
    );
    await noJs.close();
  });
});
