// How an author's updates read on their profile page and in their feed: newest
// first, hidden ones left out, the text's markup rendered with every character
// escaped, the book it is about linked, and each feed item linking to the
// update's anchor on the profile page.
import { describe, expect, it } from 'vitest';
import { buildSiteRss } from '../../../../src/domain/shared/rss.ts';
import type { AuthorUpdate } from '../../../../src/domain/updates/author-update.ts';
import {
  authorUpdatesFeed,
  freshProfilePath,
  profileUpdates,
  updateDateText,
  updatePath,
  updatesFeedPath,
} from '../../../../src/domain/updates/author-update-page.ts';

const update = (id: string, day: number, extra: Partial<AuthorUpdate> = {}): AuthorUpdate => ({
  id,
  user_id: 'jane',
  title: `Update ${id}`,
  body: 'News for my **readers**.',
  book: null,
  moderation_hidden: false,
  moderation_held: false,
  created_at: new Date(Date.UTC(2027, 2, day, 23, 30)),
  ...extra,
});

describe('profileUpdates', () => {
  it('is null when there is nothing to show, so visitors see no section', () => {
    expect(profileUpdates([])).toBeNull();
    expect(profileUpdates([update('a', 1, { moderation_hidden: true })])).toBeNull();
  });

  it('lists the shown updates newest first, each with its anchor, its day and its book', () => {
    const items = profileUpdates([
      update('old', 2),
      update('hidden', 9, { moderation_hidden: true }),
      update('new', 14, { book: { id: 'b 1', title: 'Salt and Lanterns' } }),
    ])!;
    expect(items.map((item) => item.id)).toEqual(['new', 'old']);
    expect(items[0]).toMatchObject({
      anchor: 'update-new',
      title: 'Update new',
      dateText: '14 March 2027',
      book: { title: 'Salt and Lanterns', path: '/book/b%201' },
    });
    expect(items[1]!.book).toBeNull();
  });

  it('renders the light markup and shows HTML as text', () => {
    const [item] = profileUpdates([
      update('a', 1, { body: '**Big** news\n\n<script>alert(1)</script>\n\n## Dates' }),
    ])!;
    expect(item!.html).toContain('<strong>Big</strong> news');
    expect(item!.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(item!.html).not.toContain('<script>');
    // Headings sit below the update's own title (an h3).
    expect(item!.html).toContain('<h3>Dates</h3>');
  });
});

describe('the update addresses', () => {
  it('name the profile page, the anchor, the feed and a fresh copy of the page', () => {
    expect(updatePath('jane-doe', 'u1')).toBe('/profile/jane-doe#update-u1');
    expect(updatesFeedPath('jane-doe')).toBe('/profile/jane-doe/rss.xml');
    expect(freshProfilePath('jane-doe', 'u1', 'update-u1')).toBe('/profile/jane-doe?updated=u1#update-u1');
    expect(freshProfilePath('jane-doe', 'u1')).toBe('/profile/jane-doe?updated=u1');
  });

  it('write the day in UTC, as the page’s other dates', () => {
    expect(updateDateText(new Date(Date.UTC(2027, 0, 5, 23, 59)))).toBe('5 January 2027');
  });
});

describe('authorUpdatesFeed', () => {
  const author = { display_name: 'Jane <Doe>', page_slug: 'jane-doe' };

  it('is the author’s shown updates, newest first, linking to their anchors on the profile', () => {
    const feed = authorUpdatesFeed(author, [
      update('old', 2),
      update('new', 14, { body: '**Cover** reveal', book: { id: 'b1', title: 'Salt' } }),
      update('hidden', 20, { moderation_hidden: true }),
    ]);
    expect(feed.title).toBe('Updates from Jane <Doe>');
    expect(feed.path).toBe('/profile/jane-doe');
    expect(feed.items.map((item) => item.path)).toEqual([
      '/profile/jane-doe#update-new',
      '/profile/jane-doe#update-old',
    ]);
    expect(feed.items[0]).toMatchObject({
      title: 'Update new',
      description: 'Cover reveal\n\nAbout: Salt',
      creator: 'Jane <Doe>',
    });
  });

  it('builds an RSS document with absolute, escaped links', () => {
    const xml = buildSiteRss(
      new URL('https://shelfmark.example'),
      authorUpdatesFeed(author, [update('u1', 3)]),
    );
    expect(xml).toContain('<title>Updates from Jane &lt;Doe&gt;</title>');
    expect(xml).toContain('<link>https://shelfmark.example/profile/jane-doe#update-u1</link>');
    expect(xml).toContain('href="https://shelfmark.example/profile/jane-doe/rss.xml" rel="self"');
  });
});
