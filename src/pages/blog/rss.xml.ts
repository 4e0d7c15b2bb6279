/** /blog/rss.xml: the published posts as RSS 2.0, pre-rendered with the blog. */
import type { APIRoute } from 'astro';
import { getPublishedBlogPosts } from '../../data/server/editorial.ts';
import { editorialPath } from '../../domain/editorial.ts';
import { lightMarkupSummary } from '../../domain/light-markup.ts';
import { buildRss } from '../../domain/rss.ts';

/** Entries in the feed; readers only need the recent ones. */
const FEED_ITEMS = 50;

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const posts = await getPublishedBlogPosts(FEED_ITEMS);
  const body = buildRss({
    title: 'Shelfmark Blog',
    link: new URL('/blog', origin).href,
    feedUrl: new URL('/blog/rss.xml', origin).href,
    description: 'News, tips and stories from the Shelfmark community of authors, readers and publishers.',
    items: posts.map((post) => ({
      title: post.title,
      link: new URL(editorialPath('blog_posts', post), origin).href,
      description: post.excerpt || lightMarkupSummary(post.content, 'blog', 300),
      pubDate: post.created_at,
      creator: post.author,
    })),
  });
  return new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
