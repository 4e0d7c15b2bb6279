/** Book categories, with the capitalised labels the audiobook listing uses. */
export const BOOK_CATEGORIES = [
  { value: 'fiction', label: 'Fiction' },
  { value: 'non-fiction', label: 'Non-Fiction' },
] as const;

/** The stored category values. */
export const BOOK_CATEGORY_VALUES = ['fiction', 'non-fiction'] as const;
/** A book category value. */
export type BookCategory = (typeof BOOK_CATEGORY_VALUES)[number];

/** One entry of the genre catalogue: a label to show and a slug to store. */
export interface Genre {
  /** Human label, e.g. 'Science Fiction'. */
  readonly label: string;
  /** Stored slug, e.g. 'science-fiction'; unique across the whole catalogue. */
  readonly value: string;
}

/** Fiction sub-genres (25, as the spec requires). */
const FICTION_GENRES: readonly Genre[] = [
  { label: 'Literary Fiction', value: 'literary-fiction' },
  { label: 'Contemporary Fiction', value: 'contemporary-fiction' },
  { label: 'Mystery', value: 'mystery' },
  { label: 'Thriller & Suspense', value: 'thriller-suspense' },
  { label: 'Crime', value: 'crime' },
  { label: 'Romance', value: 'romance' },
  { label: 'Science Fiction', value: 'science-fiction' },
  { label: 'Fantasy', value: 'fantasy' },
  { label: 'Horror', value: 'horror' },
  { label: 'Historical Fiction', value: 'historical-fiction' },
  { label: 'Action & Adventure', value: 'action-adventure' },
  { label: 'Young Adult', value: 'young-adult' },
  { label: "Children's", value: 'childrens' },
  { label: 'Middle Grade', value: 'middle-grade' },
  { label: 'Dystopian', value: 'dystopian' },
  { label: 'Paranormal', value: 'paranormal' },
  { label: 'Urban Fantasy', value: 'urban-fantasy' },
  { label: 'Magical Realism', value: 'magical-realism' },
  { label: "Women's Fiction", value: 'womens-fiction' },
  { label: 'Humor & Satire', value: 'humor-satire' },
  { label: 'Short Stories', value: 'short-stories' },
  { label: 'Poetry', value: 'poetry' },
  { label: 'Graphic Novels', value: 'graphic-novels' },
  { label: 'Western', value: 'western' },
  { label: 'Christian Fiction', value: 'christian-fiction' },
];

/** Non-fiction sub-genres (18, as the spec requires). */
const NON_FICTION_GENRES: readonly Genre[] = [
  { label: 'Biography & Memoir', value: 'biography-memoir' },
  { label: 'Self-Help', value: 'self-help' },
  { label: 'Business & Economics', value: 'business-economics' },
  { label: 'History', value: 'history' },
  { label: 'Health & Fitness', value: 'health-fitness' },
  { label: 'Science & Nature', value: 'science-nature' },
  { label: 'Psychology', value: 'psychology' },
  { label: 'Philosophy', value: 'philosophy' },
  { label: 'Religion & Spirituality', value: 'religion-spirituality' },
  { label: 'Travel', value: 'travel' },
  { label: 'True Crime', value: 'true-crime' },
  { label: 'Politics & Social Sciences', value: 'politics-social' },
  { label: 'Cooking & Food', value: 'cooking-food' },
  { label: 'Education & Reference', value: 'education-reference' },
  { label: 'Technology', value: 'technology' },
  { label: 'Arts & Photography', value: 'arts-photography' },
  { label: 'Parenting & Family', value: 'parenting-family' },
  { label: 'Writing & Publishing', value: 'writing-publishing' },
];

/** The genre catalogue the book form offers, per category. */
export const GENRE_CATALOGUE: Readonly<Record<BookCategory, readonly Genre[]>> = {
  fiction: FICTION_GENRES,
  'non-fiction': NON_FICTION_GENRES,
};

/** The sub-genres of a category (empty for an unknown category). */
export function genresFor(category: string | null | undefined): readonly Genre[] {
  return category === 'fiction' || category === 'non-fiction' ? GENRE_CATALOGUE[category] : [];
}

/** The label of a genre slug, or the value itself when it is not in the catalogue (older books store free text). */
export function genreLabel(value: string): string {
  for (const genres of Object.values(GENRE_CATALOGUE)) {
    const found = genres.find((genre) => genre.value === value);
    if (found) return found.label;
  }
  return value;
}

/** The category a genre slug belongs to, or undefined when unknown. */
export function categoryOfGenre(value: string): BookCategory | undefined {
  return BOOK_CATEGORY_VALUES.find((category) =>
    GENRE_CATALOGUE[category].some((genre) => genre.value === value),
  );
}

/** The label of a book category ('fiction' → 'Fiction'); accepts either spelling, returns the input when unknown. */
export function bookCategoryLabel(value: string): string {
  return BOOK_CATEGORIES.find((c) => c.value === value.toLowerCase())?.label ?? value;
}

/** Maps either spelling ('Fiction', 'fiction', 'Non-Fiction') to the stored value, or undefined. */
export function toBookCategory(value: string | null | undefined): BookCategory | undefined {
  const lower = (value ?? '').trim().toLowerCase();
  return lower === 'fiction' || lower === 'non-fiction' ? lower : undefined;
}
