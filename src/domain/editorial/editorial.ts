/**
 * What blog posts and newsletters share: their URL slugs, item paths, ordering
 * and the teaser lines the home page and the feeds show.
 */
import { z } from 'zod';
import { TEXT_LIMITS } from '../shared/common.ts';
import { profileSlug, uniqueSlug } from '../shared/slug.ts';

/** The two editorial collections and the URL prefix of their pages. */
export const EDITORIAL_BASE_PATHS = { blog_posts: '/blog', newsletters: '/newsletters' } as const;
/** One of the editorial collections. */
export type EditorialCollection = keyof typeof EDITORIAL_BASE_PATHS;

/** Pattern of a stored blog or newsletter slug: lower-case words joined by single hyphens. */
export const EDITORIAL_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** A stored slug; the rules only let the slug function write it. */
export const editorialSlugSchema = z.string().max(TEXT_LIMITS.slug).regex(EDITORIAL_SLUG_PATTERN);

/** Longest base taken from a title, leaving room for a '-NN' suffix. */
const SLUG_BASE_MAX = 80;

/** The slug base of a title: lower-case words joined by '-', cut at a word to 80 characters; 'post' when nothing usable is left. */
export function editorialSlugBase(title: string): string {
  let base = profileSlug(title);
  if (base.length > SLUG_BASE_MAX) {
    base = base.slice(0, SLUG_BASE_MAX);
    const cut = base.lastIndexOf('-');
    base = (cut > SLUG_BASE_MAX / 2 ? base.slice(0, cut) : base).replace(/-+$/, '');
  }
  return base === '' ? 'post' : base;
}

/** A slug for `title` not among `taken`: the base, else base-2, base-3 … */
export function uniqueEditorialSlug(title: string, taken: ReadonlySet<string>): string {
  return uniqueSlug(editorialSlugBase(title), (slug) => taken.has(slug));
}

/** The fields an item's address and order depend on. */
export interface EditorialItemRef {
  /** Document id; the address until a slug is assigned. */
  id: string;
  /** Assigned slug, once published. */
  slug?: string | null;
  /** Creation time; lists are newest first. */
  created_at: Date;
}

/** The path segment of an item: its slug, or its id while the slug is not assigned yet. */
export function editorialKey(item: Pick<EditorialItemRef, 'id' | 'slug'>): string {
  return item.slug ?? item.id;
}

/** The page of an item, e.g. /blog/welcome-to-shelfmark. */
export function editorialPath(
  collection: EditorialCollection,
  item: Pick<EditorialItemRef, 'id' | 'slug'>,
): string {
  return `${EDITORIAL_BASE_PATHS[collection]}/${editorialKey(item)}`;
}

/** Newest first by creation time (a copy; ties keep their order). */
export function newestFirst<T extends Pick<EditorialItemRef, 'created_at'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
}

/** The dates under a title: 'March 4, 2025' (long form, UTC so a build anywhere writes the same page). */
export const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** The line after a sent newsletter's date: ' • Sent to N recipients'. */
export function sentLine(recipientCount: number): string {
  return ` • Sent to ${recipientCount} recipients`;
}
