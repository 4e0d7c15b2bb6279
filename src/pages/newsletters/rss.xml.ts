/** /newsletters/rss.xml: the published newsletters as RSS 2.0, pre-rendered with the list. */
import type { APIRoute } from 'astro';
import { getPublishedNewsletters } from '../../data/server/editorial.ts';
import { editorialPath } from '../../domain/editorial.ts';
import { lightMarkupSummary } from '../../domain/light-markup.ts';
import { buildRss } from '../../domain/rss.ts';

/** Entries in the feed; readers only need the recent ones. */
const FEED_ITEMS = 50;

export const GET: APIRoute = async ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const newsletters = await getPublishedNewsletters(FEED_ITEMS);
  const body = buildRss({
    title: 'Shelfmark Newsletters',
    link: new URL('/newsletters', origin).href,
    feedUrl: new URL('/newsletters/rss.xml', origin).href,
    description: 'Every Shelfmark newsletter: community news, reading guides and member offers.',
    items: newsletters.map((newsletter) => ({
      title: newsletter.title,
      link: new URL(editorialPath('newsletters', newsletter), origin).href,
      description: newsletter.subtitle || lightMarkupSummary(newsletter.content, 'newsletter', 300),
      pubDate: newsletter.created_at,
    })),
  });
  return new Response(body, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } });
};
