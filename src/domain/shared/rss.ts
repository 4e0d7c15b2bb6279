/**
 * RSS 2.0 feeds written by hand (no feed library is installed): every text is
 * XML-escaped, dates are RFC 822 as the format requires, and each item's guid
 * is its permanent URL.
 */
import { xmlEscape } from './escape.ts';

/** One feed entry. */
export interface RssItem {
  /** Item title. */
  title: string;
  /** Absolute URL of the item's page; also its guid. */
  link: string;
  /** Plain-text summary. */
  description: string;
  /** Publication time. */
  pubDate: Date;
  /** Author name, written as dc:creator (RSS's own author element wants an email). */
  creator?: string;
}

/** A whole feed. */
export interface RssChannel {
  /** Channel title. */
  title: string;
  /** Absolute URL of the page the feed mirrors. */
  link: string;
  /** Absolute URL of the feed itself (atom:link rel=self). */
  feedUrl: string;
  /** Channel description. */
  description: string;
  /** Entries, newest first. */
  items: readonly RssItem[];
}

/** RFC 822 date as RSS 2.0 wants it, e.g. 'Tue, 04 Mar 2025 08:00:00 GMT'. */
export function rfc822(date: Date): string {
  return date.toUTCString();
}

/** The feed document. */
export function buildRss(channel: RssChannel): string {
  const latest = channel.items[0]?.pubDate;
  const items = channel.items.map((item) =>
    [
      '    <item>',
      `      <title>${xmlEscape(item.title)}</title>`,
      `      <link>${xmlEscape(item.link)}</link>`,
      `      <guid isPermaLink="true">${xmlEscape(item.link)}</guid>`,
      `      <pubDate>${rfc822(item.pubDate)}</pubDate>`,
      item.creator ? `      <dc:creator>${xmlEscape(item.creator)}</dc:creator>` : null,
      `      <description>${xmlEscape(item.description)}</description>`,
      '    </item>',
    ]
      .filter((line) => line !== null)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${xmlEscape(channel.title)}</title>`,
    `    <link>${xmlEscape(channel.link)}</link>`,
    `    <atom:link href="${xmlEscape(channel.feedUrl)}" rel="self" type="application/rss+xml"/>`,
    `    <description>${xmlEscape(channel.description)}</description>`,
    '    <language>en</language>',
    latest ? `    <lastBuildDate>${rfc822(latest)}</lastBuildDate>` : null,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== null)
    .join('\n');
}

/** Entries in a site feed; readers only need the recent ones. */
export const FEED_ITEMS = 50;

/** The Content-Type of a feed response. */
export const RSS_CONTENT_TYPE = 'application/rss+xml; charset=utf-8';

/** A feed of the site's own pages, addressed by path. */
export interface SiteFeed {
  /** Channel title. */
  title: string;
  /** Path of the page the feed mirrors; the feed itself is at {path}/rss.xml. */
  path: string;
  /** Channel description. */
  description: string;
  /** Entries, newest first, each with its page's path instead of a link. */
  items: ReadonlyArray<Omit<RssItem, 'link'> & { path: string }>;
}

/** The feed document of a site feed, every path made absolute against `origin`. */
export function buildSiteRss(origin: URL, feed: SiteFeed): string {
  const url = (path: string) => new URL(path, origin).href;
  return buildRss({
    title: feed.title,
    link: url(feed.path),
    feedUrl: url(`${feed.path}/rss.xml`),
    description: feed.description,
    items: feed.items.map(({ path, ...item }) => ({ ...item, link: url(path) })),
  });
}
