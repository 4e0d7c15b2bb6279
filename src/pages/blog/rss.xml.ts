/** /blog/rss.xml: the published posts as RSS 2.0, pre-rendered with the blog. */
import type { APIRoute } from 'astro';
import { getPublishedBlogPosts } from '../../data/server/editorial/editorial.ts';
import { editorialPath } from '../../domain/editorial/editorial.ts';
import { lightMarkupSummary } from '../../domain/shared/light-markup.ts';
import { FEED_ITEMS, RSS_CONTENT_TYPE, buildSiteRss } from '../../domain/shared/rss.ts';

export const GET: APIRoute = async ({ site }) => {
  const posts = await getPublishedBlogPosts(FEED_ITEMS);
  const body = buildSiteRss(site ?? new URL('http://localhost:4321'), {
    title: 'Shelfmark Blog',
    path: '/blog',
    description: 'News, tips and stories from the Shelfmark community of authors, readers and publishers.',
    items: posts.map((post) => ({
      title: post.title,
      path: editorialPath('blog_posts', post),
      description: post.excerpt || lightMarkupSummary(post.content, 'blog', 300),
      pubDate: post.created_at,
      creator: post.author,
    })),
  });
  return new Response(body, { headers: { 'Content-Type': RSS_CONTENT_TYPE } });
};
