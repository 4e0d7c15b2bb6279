// How an author's updates read on their profile page and in their RSS feed
// (src/domain/updates/author-update.ts holds the updates themselves). Pure: the
// page's server code reads the updates, these decide what is shown and how.
import { humanDate, todayOf } from '../books/book-details.ts';
import { lightMarkupToText, renderLightMarkup } from '../shared/light-markup.ts';
import type { SiteFeed } from '../shared/rss.ts';
import { isNotHeld } from '../accounts/visibility.ts';
import { hasLinkOrAddress, type AuthorUpdate } from './author-update.ts';

/** An update's element id on the profile page, the target of its feed item's link. */
export function updateAnchor(id: string): string {
  return `update-${id}`;
}

/** The profile page of the author whose slug is `slug`. */
export function profilePath(slug: string): string {
  return `/profile/${encodeURIComponent(slug)}`;
}

/** Where an update lives: its author's profile page, at its anchor. */
export function updatePath(slug: string, id: string): string {
  return `${profilePath(slug)}#${updateAnchor(id)}`;
}

/**
 * The profile page to open after the owner posted or deleted update `id`: the
 * page is CDN-cached for a minute, and a new address (?updated={id}) is rendered
 * afresh, so the owner sees the change at once; `anchor` scrolls to an update.
 */
export function freshProfilePath(slug: string, id: string, anchor?: string): string {
  return `${profilePath(slug)}?updated=${encodeURIComponent(id)}${anchor ? `#${anchor}` : ''}`;
}

/** The author's feed, which feed readers find from the profile page's head. */
export function updatesFeedPath(slug: string): string {
  return `${profilePath(slug)}/rss.xml`;
}

/** The feed's title, also the title of the profile page's link to it. */
export function updatesFeedTitle(displayName: string): string {
  return `Updates from ${displayName}`;
}

/**
 * True while an update may be shown to everyone: not hidden by moderation and
 * not held for a moderator (isNotHeld; its author's state is the caller's).
 */
export function isUpdateShown(
  update: Pick<AuthorUpdate, 'moderation_hidden'> & { moderation_held?: boolean | null },
): boolean {
  return update.moderation_hidden !== true && isNotHeld(update);
}

/**
 * True while an update may go out by mail (its own, the digest): shown, and its
 * title and text carry no link or email address (refused on save since; an
 * update stored before that is not mailed, whatever it says).
 */
export function isUpdateMailable(
  update: Pick<AuthorUpdate, 'moderation_hidden' | 'title' | 'body'> & { moderation_held?: boolean | null },
): boolean {
  return isUpdateShown(update) && !hasLinkOrAddress(update.title) && !hasLinkOrAddress(update.body);
}

/** The day an update was posted, as the profile page writes dates: '14 March 2027' (UTC). */
export function updateDateText(created: Date): string {
  return humanDate(todayOf(created));
}

/**
 * An update's text as safe HTML: the blog's light markup, every character
 * escaped and only fixed tags emitted, headings one level below the update's
 * own title.
 */
export function renderUpdateBody(body: string): string {
  return renderLightMarkup(body, 'blog', { headingLevel: 3 });
}

/** An update as the profile page's Updates section shows it. */
export interface ProfileUpdate {
  id: string;
  /** Its element id, `update-{id}`. */
  anchor: string;
  title: string;
  /** When it was posted (the time element's datetime). */
  postedAt: Date;
  /** The day it was posted, '14 March 2027'. */
  dateText: string;
  /** Its text as safe HTML. */
  html: string;
  /** 'About: <title>', linking to the book's page; null when it is about no book. */
  book: { title: string; path: string } | null;
}

/**
 * The Updates section: the shown updates, newest first, or null when there are
 * none (visitors then see no section; the owner's tools say there are none yet).
 */
export function profileUpdates(updates: readonly AuthorUpdate[]): ProfileUpdate[] | null {
  const shown = [...updates]
    .filter(isUpdateShown)
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  if (shown.length === 0) return null;
  return shown.map((update) => ({
    id: update.id,
    anchor: updateAnchor(update.id),
    title: update.title,
    postedAt: update.created_at,
    dateText: updateDateText(update.created_at),
    html: renderUpdateBody(update.body),
    book: update.book
      ? { title: update.book.title, path: `/book/${encodeURIComponent(update.book.id)}` }
      : null,
  }));
}

/** The author's updates as a site feed: newest first, each item linking to the update on the profile page. */
export function authorUpdatesFeed(
  author: { display_name: string; page_slug: string },
  updates: readonly AuthorUpdate[],
): SiteFeed {
  return {
    title: updatesFeedTitle(author.display_name),
    path: profilePath(author.page_slug),
    description: `News from ${author.display_name} for their readers on Shelfmark.`,
    items: [...updates]
      .filter(isUpdateShown)
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime())
      .map((update) => ({
        title: update.title,
        path: updatePath(author.page_slug, update.id),
        description: updateFeedText(update),
        pubDate: update.created_at,
        creator: author.display_name,
      })),
  };
}

/** An update as plain text for a feed item: the text without its markers, then the book it is about. */
function updateFeedText(update: AuthorUpdate): string {
  const text = lightMarkupToText(update.body, 'blog').trim();
  return update.book ? `${text}\n\nAbout: ${update.book.title}` : text;
}
