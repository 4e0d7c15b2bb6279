// Static texts of the home page (the Interactive Features block, the
// events card and the newsletter and blog lists are static samples, not data).
// Slugs point at /newsletters/{slug} and /blog/{slug}, as the spec links them.

/** A teaser in the home page's newsletter or blog list. */
export interface HomeTeaser {
  /** URL slug under /newsletters/ or /blog/. */
  readonly slug: string;
  /** Headline. */
  readonly title: string;
  /** One-line summary. */
  readonly summary: string;
  /** Date shown, ISO yyyy-mm-dd. */
  readonly date: string;
}

/** The daily quote card. */
export const DAILY_QUOTE = {
  text: 'A reader lives a thousand lives before he dies. The man who never reads lives only one.',
  author: 'George R.R. Martin',
} as const;

/** The micro-poem card. */
export const MICRO_POEM = {
  title: 'Marginalia',
  lines: ['A pencilled note in a borrowed book:', 'someone else was here before me,', 'and stayed up late for the same line.'],
  author: 'Shelfmark community',
} as const;

/** The two 'Feature Coming Soon' cards. */
export const COMING_SOON_FEATURES = [
  { title: 'Reading Challenges', text: 'Set a yearly goal, track your progress and earn badges with other readers.' },
  { title: 'Book Swap', text: 'Trade the books you have finished with members near you.' },
] as const;

/** The events and promotions card (50% off premium). */
export const EVENTS_AND_PROMOTIONS = {
  event: {
    label: 'Featured Event',
    title: 'Virtual Author Meetup',
    text: 'Meet authors from our community online, hear readings from new releases and ask your questions live.',
    when: 'Last Thursday of every month, 7 pm (UTC)',
  },
  promotion: {
    label: 'Holiday Promotion',
    title: '50% off Premium subscriptions',
    text: 'Upgrade to Premium for half the price: list more books and products and stand out in the directory.',
  },
} as const;

/** Sample newsletter issues (at most five are shown). */
export const SAMPLE_NEWSLETTERS: readonly HomeTeaser[] = [
  { slug: 'monthly-first-issue', title: 'Shelfmark Monthly: Our First Issue', summary: 'News, new members and what is coming next.', date: '2025-01-15' },
  { slug: 'spring-reading-guide', title: 'Spring Reading Guide', summary: 'Twelve books from our community to read this season.', date: '2025-03-20' },
  { slug: 'indie-publishing-roundup', title: 'Indie Publishing Roundup', summary: 'What independent publishers are releasing this summer.', date: '2025-06-05' },
  { slug: 'new-audiobooks-section', title: 'Autumn Update: New Audiobooks Section', summary: 'Listen to books from our authors.', date: '2025-09-22' },
  { slug: 'holiday-special-premium', title: 'Holiday Special: 50% Off Premium', summary: 'Unlimited books and listings for half the price.', date: '2025-12-01' },
];

/** Sample blog posts (at most five are shown). */
export const SAMPLE_BLOG_POSTS: readonly HomeTeaser[] = [
  { slug: 'welcome-to-shelfmark', title: 'Welcome to Shelfmark', summary: 'A new home for authors, readers and publishers.', date: '2025-01-10' },
  { slug: 'make-your-author-page-shine', title: 'Five Ways to Make Your Author Page Shine', summary: 'Small changes that help readers remember you.', date: '2025-02-18' },
  { slug: 'twelve-books-twelve-genres', title: 'Reading Challenge: Twelve Books, Twelve Genres', summary: 'Step outside your favourite shelf this year.', date: '2025-04-02' },
  { slug: 'free-reads-find-readers', title: 'Free Reads: How Sharing Chapters Finds New Readers', summary: 'Why a free chapter is the best advertisement a book can have.', date: '2025-07-14' },
  { slug: 'favourite-audiobooks-autumn', title: 'Our Favourite Audiobooks This Autumn', summary: 'Stories to listen to on long evenings.', date: '2025-10-08' },
];
