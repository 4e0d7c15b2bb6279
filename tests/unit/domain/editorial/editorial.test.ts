import { describe, expect, it } from 'vitest';
import { blogTeaser, newsletterTeaser } from '../../../../src/domain/editorial/editorial-teaser.ts';
import {
  EDITORIAL_SLUG_PATTERN,
  editorialPath,
  editorialSlugBase,
  newestFirst,
  sentLine,
  uniqueEditorialSlug,
} from '../../../../src/domain/editorial/editorial.ts';
import { buildRss, buildSiteRss } from '../../../../src/domain/shared/rss.ts';
import { xmlEscape } from '../../../../src/domain/shared/escape.ts';

const at = (iso: string) => new Date(iso);

describe('editorial slugs', () => {
  it('come from the title in lower-case words joined by hyphens', () => {
    expect(editorialSlugBase('Holiday Special: 50% Off Premium')).toBe('holiday-special-50-off-premium');
    expect(editorialSlugBase('Café Culture & Books')).toBe('cafe-culture-books');
  });

  it("fall back to 'post' when the title has no usable letters", () => {
    expect(editorialSlugBase('!!! ???')).toBe('post');
    expect(editorialSlugBase('日本語')).toBe('post');
  });

  it('are cut at a word to at most 80 characters', () => {
    const slug = editorialSlugBase('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug).toMatch(EDITORIAL_SLUG_PATTERN);
  });

  it('get a suffix on collision', () => {
    expect(uniqueEditorialSlug('Spring Guide', new Set())).toBe('spring-guide');
    expect(uniqueEditorialSlug('Spring Guide', new Set(['spring-guide']))).toBe('spring-guide-2');
    expect(uniqueEditorialSlug('Spring Guide', new Set(['spring-guide', 'spring-guide-2']))).toBe(
      'spring-guide-3',
    );
  });

  it('address an item by its slug, or its id until it has one', () => {
    expect(editorialPath('blog_posts', { id: 'abc', slug: 'hello' })).toBe('/blog/hello');
    expect(editorialPath('newsletters', { id: 'abc', slug: null })).toBe('/newsletters/abc');
  });
});

describe('ordering and lines', () => {
  it('lists newest first', () => {
    const items = [
      { created_at: at('2025-01-01') },
      { created_at: at('2025-03-01') },
      { created_at: at('2025-02-01') },
    ];
    expect(newestFirst(items).map((i) => i.created_at.getUTCMonth())).toEqual([2, 1, 0]);
  });

  it("writes ' • Sent to N recipients'", () => {
    expect(sentLine(42)).toBe(' • Sent to 42 recipients');
  });
});

describe('home teasers', () => {
  const base = {
    id: 'p1',
    created_by: 'u',
    created_at: at('2025-05-01'),
    updated_at: null,
    is_published: true,
    moderation_hidden: false,
  };
  it('use the excerpt, else the first paragraph', () => {
    const post = {
      ...base,
      title: 'T',
      author: 'A',
      content: '## H\n\nFirst words.',
      excerpt: null,
      featured_image: null,
      slug: 't',
    };
    expect(blogTeaser(post)).toEqual({
      href: '/blog/t',
      title: 'T',
      summary: 'First words.',
      date: at('2025-05-01'),
    });
    expect(blogTeaser({ ...post, excerpt: 'Short.' }).summary).toBe('Short.');
  });
  it('use the subtitle for newsletters', () => {
    const n = {
      ...base,
      title: 'N',
      subtitle: 'Sub',
      content: 'Body',
      slug: null,
      sent_at: null,
      recipient_count: null,
    };
    expect(newsletterTeaser(n)).toEqual({
      href: '/newsletters/p1',
      title: 'N',
      summary: 'Sub',
      date: at('2025-05-01'),
    });
  });
});

describe('RSS 2.0', () => {
  const feed = buildRss({
    title: 'Shelfmark Blog',
    link: 'https://example.com/blog',
    feedUrl: 'https://example.com/blog/rss.xml',
    description: 'News & notes',
    items: [
      {
        title: '<Tom & "Jerry">',
        link: 'https://example.com/blog/a?x=1&y=2',
        description: "it's <b>",
        pubDate: at('2025-03-04T08:00:00Z'),
        creator: 'Ann',
      },
    ],
  });

  it('is an RSS 2.0 channel with a self link', () => {
    expect(feed.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(feed).toContain(
      '<atom:link href="https://example.com/blog/rss.xml" rel="self" type="application/rss+xml"/>',
    );
    expect(feed).toContain('<lastBuildDate>Tue, 04 Mar 2025 08:00:00 GMT</lastBuildDate>');
  });

  it('escapes every text and URL', () => {
    expect(feed).toContain('<title>&lt;Tom &amp; &quot;Jerry&quot;&gt;</title>');
    expect(feed).toContain('<link>https://example.com/blog/a?x=1&amp;y=2</link>');
    expect(feed).toContain('<description>it&apos;s &lt;b&gt;</description>');
    expect(feed).toContain('<description>News &amp; notes</description>');
    expect(feed).toContain('<dc:creator>Ann</dc:creator>');
  });

  it('drops characters XML forbids', () => {
    expect(xmlEscape('a\u0001b\u000bc')).toBe('abc');
  });

  it('closes every element it opens', () => {
    // Balanced elements: every opening tag of an item is closed.
    expect(feed.match(/<item>/g)).toHaveLength(1);
    expect(feed.match(/<\/item>/g)).toHaveLength(1);
    expect(feed.trimEnd().endsWith('</rss>')).toBe(true);
  });
});

describe('site feeds', () => {
  it('are the same document as a feed with every path made absolute, the feed itself at {path}/rss.xml', () => {
    const pubDate = at('2025-03-04T08:00:00Z');
    const item = { title: 'A', description: 'B', pubDate, creator: 'Ann' };
    expect(
      buildSiteRss(new URL('https://example.com'), {
        title: 'Shelfmark Blog',
        path: '/blog',
        description: 'News',
        items: [{ ...item, path: '/blog/a' }],
      }),
    ).toBe(
      buildRss({
        title: 'Shelfmark Blog',
        link: 'https://example.com/blog',
        feedUrl: 'https://example.com/blog/rss.xml',
        description: 'News',
        items: [{ ...item, link: 'https://example.com/blog/a' }],
      }),
    );
  });
});
