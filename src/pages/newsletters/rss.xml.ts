/** /newsletters/rss.xml: the published newsletters as RSS 2.0, pre-rendered with the list. */
import type { APIRoute } from 'astro';
import { getPublishedNewsletters } from '../../data/server/editorial/editorial.ts';
import { editorialPath } from '../../domain/editorial/editorial.ts';
import { lightMarkupSummary } from '../../domain/shared/light-markup.ts';
import { FEED_ITEMS, RSS_CONTENT_TYPE, buildSiteRss } from '../../domain/shared/rss.ts';

export const GET: APIRoute = async ({ site }) => {
  const newsletters = await getPublishedNewsletters(FEED_ITEMS);
  const body = buildSiteRss(site ?? new URL('http://localhost:4321'), {
    title: 'Shelfmark Newsletters',
    path: '/newsletters',
    description: 'Every Shelfmark newsletter: community news, reading guides and member offers.',
    items: newsletters.map((newsletter) => ({
      title: newsletter.title,
      path: editorialPath('newsletters', newsletter),
      description: newsletter.subtitle || lightMarkupSummary(newsletter.content, 'newsletter', 300),
      pubDate: newsletter.created_at,
    })),
  });
  return new Response(body, { headers: { 'Content-Type': RSS_CONTENT_TYPE } });
};
