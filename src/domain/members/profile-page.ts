/**
 * What a visitor sees on /profile/{slug}, decided from the profile and its items
 * alone (no I/O): the heading, the category shown, which sections appear, and the
 * page's description for search engines and link previews.
 */
import type { Book } from '../books/book.ts';
import { publicationDateText, todayOf } from '../books/book-details.ts';
import { bookLinks, type BookLink } from '../books/book-links.ts';
import { isPreorder, purchaseLinksOn } from '../books/releases.ts';
import type { ProductService } from '../items/product-service.ts';
import { cardCategory, eventLines, showsBookCount, type Profile } from '../accounts/profile.ts';

/** Most books and most products/services one profile page shows (and reads). */
export const PROFILE_PAGE_LIMITS = { books: 100, products: 50 } as const;

/** The not-found screen of an unknown, inactive, pending or denied slug. */
export const PROFILE_NOT_FOUND = {
  title: 'Profile Not Found',
  detail: "The profile you're looking for doesn't exist or is not available.",
  back: 'Go Back',
} as const;

/** Longest meta description written for a profile (search engines cut at about 160 characters). */
const DESCRIPTION_MAX = 160;

/** A book as the profile page lists it: the book and its purchase links. */
export interface ProfileBook {
  book: Book;
  /** Its purchase links as they read on the day: 'Preorder …' while its publication date is to come. */
  links: BookLink[];
  /** 'Comes out 14 March 2027' for a preorder, so its card says why its links are preorders; else null. */
  comesOut: string | null;
}

/** The sections of a profile page, each present only when a visitor has something to see in it. */
export interface ProfileSections {
  /** About Me text. */
  about: string | null;
  /** Special Announcement text. */
  announcement: string | null;
  /** Books, for Book Authors and Publishers (an Admin counts as Book Author); null when the category has no Books section. */
  books: ProfileBook[] | null;
  /** Active products and services, or null when there are none. */
  products: ProductService[] | null;
  /** Upcoming events, one per line, or null when there are none. */
  events: string[] | null;
  /** The Visit My Website target of Connect With Me, or null when the member has no website. */
  website: string | null;
}

type SectionProfile = Pick<
  Profile,
  'role' | 'category' | 'about_me' | 'special_announcement' | 'upcoming_events' | 'social_links'
>;

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/** The category a visitor sees: the member's category, an Admin presented as Book Author when no category is set. */
export function profileCategory(profile: Pick<Profile, 'role' | 'category'>): string {
  return cardCategory(profile);
}

/** True when the profile page has a Books section (Book Author, Publisher). */
export function showsBooks(profile: Pick<Profile, 'role' | 'category'>): boolean {
  return showsBookCount(profileCategory(profile));
}

/**
 * The sections to render. Only active items are shown (the caller reads only
 * active ones; inactive ones that slip through are dropped here too), in the
 * order given. Empty text sections are left out; the Books section of an author
 * without books stays, so the page can say there are none yet.
 */
export function profileSections(
  profile: SectionProfile,
  books: readonly Book[],
  products: readonly ProductService[],
  /** The day the page is rendered on, which decides which books are still preorders. */
  now: Date = new Date(),
  /** False while the preorders switch is off: no book reads as a preorder (plain links, no 'Comes out …'). */
  preorders = true,
): ProfileSections {
  const activeProducts = products.filter((item) => item.is_active);
  const events = eventLines(profile.upcoming_events);
  return {
    about: text(profile.about_me),
    announcement: text(profile.special_announcement),
    books: showsBooks(profile)
      ? books.filter((book) => book.is_active).map((book) => profileBook(book, now, preorders))
      : null,
    products: activeProducts.length > 0 ? activeProducts : null,
    events: events.length > 0 ? events : null,
    website: text(profile.social_links.website),
  };
}

/** A book's card on its author's profile on `now`'s day: a preorder's links read as preorders, under its coming date. */
function profileBook(book: Book, now: Date, preorders: boolean): ProfileBook {
  const preorder = preorders && isPreorder(book.publication_date, now);
  return {
    book,
    links: preorder ? purchaseLinksOn(bookLinks(book), book.publication_date, now) : bookLinks(book),
    comesOut:
      preorder && book.publication_date ? publicationDateText(book.publication_date, todayOf(now)) : null,
  };
}

/** The page's main heading: the page title when the member set one, else the display name. */
export function profileHeading(profile: Pick<Profile, 'page_title' | 'display_name'>): string {
  return text(profile.page_title) ?? profile.display_name;
}

/** The meta description: the display name and the start of About Me (cut at a word), or a line naming the category. */
export function profileDescription(
  profile: Pick<Profile, 'display_name' | 'about_me' | 'role' | 'category'>,
): string {
  const about = text(profile.about_me)?.replace(/\s+/g, ' ');
  const full = about
    ? `${profile.display_name}: ${about}`
    : `${profile.display_name}, ${profileCategory(profile)} on Shelfmark.`;
  if (full.length <= DESCRIPTION_MAX) return full;
  const cut = full.slice(0, DESCRIPTION_MAX - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DESCRIPTION_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
