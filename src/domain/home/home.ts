// The home page's pure rules: top-genre
// ranking, the hero quiz's scoring, the zodiac map and the marketplace figures.
// Kept free of zod and of modules that build schemas at load time: the quiz
// script in the browser imports scoreQuiz from here and should stay tiny.
import { GENRE_CATALOGUE, type BookCategory } from '../items/genres.ts';

/** Advertisement boxes under the hero. */
export const HOME_AD_BOXES = 3;
/** Top genres per category in the Book Categories section. */
export const TOP_GENRES_CATEGORIES = 6;
/** Popular genres per category in the Free eBooks section. */
export const TOP_GENRES_FREE = 4;
/** Top genres per category in the Audiobooks section. */
export const TOP_GENRES_AUDIO = 5;
/** Most active ads whose category the marketplace block samples. */
export const MARKETPLACE_CATEGORY_SAMPLE = 100;
/** Categories kept from the sample, most frequent first. */
export const MARKETPLACE_TOP_CATEGORIES = 4;
/** Category chips shown. */
export const MARKETPLACE_CHIPS_SHOWN = 3;
/** Newsletter and blog teasers shown at most. */
export const HOME_LIST_LIMIT = 5;

/** A genre with how many books hold it. */
export interface RankedGenre {
  /** Stored genre slug. */
  value: string;
  /** Label to show. */
  label: string;
  /** Books with this genre. */
  count: number;
}

/**
 * The `limit` genres of a category with the most books, most first; genres
 * without books are left out, and equal counts keep the catalogue's order (a
 * stable, meaningful order rather than an alphabetical accident).
 */
export function rankGenres(
  category: BookCategory,
  counts: Readonly<Record<string, number>>,
  limit: number,
): RankedGenre[] {
  return GENRE_CATALOGUE[category]
    .map((genre, index) => ({
      value: genre.value,
      label: genre.label,
      count: counts[genre.value] ?? 0,
      index,
    }))
    .filter((genre) => genre.count > 0)
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, limit)
    .map(({ value, label, count }) => ({ value, label, count }));
}

/** '1 book', '2 books', '0 books': 'book' is singular only at 1. */
export function bookCountText(count: number): string {
  return `${count} ${count === 1 ? 'book' : 'books'}`;
}

/** '1 listing', '5 listings'. */
export function listingCountText(count: number): string {
  return `${count} ${count === 1 ? 'listing' : 'listings'}`;
}

/** The counts the marketplace block shows. */
export interface MarketplaceCounts {
  /** Active books (the Books card). */
  books: number;
  /** Active products and services. */
  products: number;
  /** Active classified ads. */
  classifieds: number;
}

/** The Products & Services total: products plus classifieds. */
export function marketplaceTotal(counts: Pick<MarketplaceCounts, 'products' | 'classifieds'>): number {
  return counts.products + counts.classifieds;
}

/** A marketplace category with its frequency in the sample. */
export interface CategoryFrequency {
  /** Listing category value (label it with marketplace.ts categoryLabel). */
  value: string;
  /** Ads in the sample with this category. */
  count: number;
}

/**
 * The most frequent categories of a sample of ads (top 4 kept), most
 * first; equal counts keep the order in which they first appear in the sample.
 * Blank categories are ignored.
 */
export function topAdCategories(
  categories: readonly string[],
  keep = MARKETPLACE_TOP_CATEGORIES,
): CategoryFrequency[] {
  const counts = new Map<string, number>();
  for (const category of categories) {
    if (category.trim() === '') continue;
    counts.set(category, (counts.get(category) ?? 0) + 1);
  }
  return [...counts.entries()]
    .map(([value, count], index) => ({ value, count, index }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, keep)
    .map(({ value, count }) => ({ value, count }));
}

/** One hero-quiz question with its four answers; an answer's index decides the result. */
export interface QuizQuestion {
  /** The question. */
  readonly prompt: string;
  /** Four answers, index 0..3, each leaning to the result with the same index. */
  readonly answers: readonly [string, string, string, string];
}

/** The four results, by answer index. */
export const QUIZ_RESULTS = [
  {
    title: 'The Brave Explorer',
    description: 'You read to go where you have never been: quests, far-off worlds and daring journeys.',
  },
  {
    title: 'The Wise Scholar',
    description: 'You read to understand: history, ideas and books that change how you see the world.',
  },
  {
    title: 'The Compassionate Healer',
    description: 'You read for people: their hearts, their families and the stories that heal.',
  },
  {
    title: 'The Noble Guardian',
    description: 'You read for justice and loyalty: mysteries solved, promises kept, the right thing done.',
  },
] as const;

/** The three questions of the hero quiz. */
export const QUIZ_QUESTIONS: readonly QuizQuestion[] = [
  {
    prompt: 'Where would you most like to read?',
    answers: ['On a mountain trail', 'In an old library', 'Curled up with family', 'In a castle tower'],
  },
  {
    prompt: 'Which book would you pick up first?',
    answers: ['An epic adventure', 'A history of ideas', 'A heartfelt memoir', 'A gripping mystery'],
  },
  {
    prompt: 'What do you want from a story?',
    answers: ['Excitement', 'Knowledge', 'Connection', 'Justice'],
  },
];

/**
 * The quiz result: the answer index chosen most often. With three
 * questions and four answers a tie means three different answers; it goes to
 * the lowest tied index, so the same answers always give the same title.
 * Indices outside 0..3 are ignored; no valid answer gives index 0.
 */
export function scoreQuiz(answers: readonly number[]): number {
  const counts = [0, 0, 0, 0];
  for (const answer of answers) {
    if (Number.isInteger(answer) && answer >= 0 && answer < counts.length)
      counts[answer] = (counts[answer] ?? 0) + 1;
  }
  return counts.indexOf(Math.max(...counts));
}

/** The result title for a set of answers. */
export function quizResultTitle(answers: readonly number[]): string {
  return QUIZ_RESULTS[scoreQuiz(answers)]?.title ?? QUIZ_RESULTS[0].title;
}

/** The twelve signs in calendar order, starting with Aries. */
export const ZODIAC_SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
] as const;
/** A zodiac sign. */
export type ZodiacSign = (typeof ZODIAC_SIGNS)[number];

/** The suggestion for an unknown sign. */
export const ZODIAC_FALLBACK = 'Mystery Novel';

/** Each sign's book suggestion (a 12-sign map). */
export const ZODIAC_BOOK_MATCHES: Readonly<Record<ZodiacSign, string>> = {
  Aries: 'Action & Adventure',
  Taurus: 'Cozy Romance',
  Gemini: 'Short Story Collection',
  Cancer: 'Family Saga',
  Leo: 'Celebrity Memoir',
  Virgo: 'Self-Help Guide',
  Libra: 'Literary Fiction',
  Scorpio: 'Psychological Thriller',
  Sagittarius: 'Travel Writing',
  Capricorn: 'Business Biography',
  Aquarius: 'Science Fiction',
  Pisces: 'Fantasy Epic',
};

/** The book suggestion for a sign (case-insensitive), or 'Mystery Novel' for anything else. */
export function zodiacBookMatch(sign: string | null | undefined): string {
  const wanted = (sign ?? '').trim().toLowerCase();
  const found = ZODIAC_SIGNS.find((s) => s.toLowerCase() === wanted);
  return found ? ZODIAC_BOOK_MATCHES[found] : ZODIAC_FALLBACK;
}

/** The outside communities the home block counts, in display order. */
export const COMMUNITY_COUNTS = [
  { platform: 'Facebook', count: 16, unit: 'groups' },
  { platform: 'LinkedIn', count: 8, unit: 'groups' },
  { platform: 'X/Twitter', count: 14, unit: 'hashtags & accounts' },
  { platform: 'Substack', count: 6, unit: 'publications' },
  { platform: 'Discord', count: 6, unit: 'servers' },
  { platform: 'Reddit', count: 17, unit: 'communities' },
] as const;
/** Platform types the communities page covers (book clubs plus the six above). */
export const COMMUNITY_PLATFORM_TYPES = 7;
/** The communities page's headline figure. */
export const COMMUNITY_TOTAL_TEXT = '100+';

/** The fields of a featured-book slot the home page shows. */
export interface FeaturedBookCardFields {
  /** Book id. */
  id: string;
  /** Title. */
  title: string;
  /** Cover URL; empty or null shows the placeholder. */
  cover_image?: string | null;
  /** True when the Spotlight rotation, not an admin, put the book in its slot (the card is marked 'Spotlight'). */
  spotlight?: boolean;
}

/**
 * A fingerprint of what the featured-book grid shows. The server renders it on
 * the grid and the live refresh compares it, so a snapshot that changes
 * nothing visible leaves the DOM (and the loaded covers) alone.
 */
export function featuredBooksFingerprint(slots: readonly (FeaturedBookCardFields | null)[]): string {
  return JSON.stringify(
    slots.map((s) => (s ? [s.id, s.title, s.cover_image || null, s.spotlight === true] : null)),
  );
}

/** What the live patch does to the holiday promotion card when the promotion code changes. */
export type PromotionCardChange = 'keep' | 'add' | 'remove' | 'rename';

/**
 * The promotion card shows only while a promotion code is set, and names it:
 * `shown` is the code the page's card names (null: no card), `code` the code now set
 * (null: none).
 */
export function promotionCardChange(shown: string | null, code: string | null): PromotionCardChange {
  if (code === null) return shown === null ? 'keep' : 'remove';
  if (shown === null) return 'add';
  return shown === code ? 'keep' : 'rename';
}
