// Static texts of the home page (the Interactive Features block and the
// events card are static samples, not data; the newsletter and blog lists show
// the latest published items, see components/home/TeaserLists.astro).

/** The daily quote card. */
export const DAILY_QUOTE = {
  text: 'A reader lives a thousand lives before he dies. The man who never reads lives only one.',
  author: 'George R.R. Martin',
} as const;

/** The micro-poem card. */
export const MICRO_POEM = {
  title: 'Marginalia',
  lines: [
    'A pencilled note in a borrowed book:',
    'someone else was here before me,',
    'and stayed up late for the same line.',
  ],
  author: 'Shelfmark community',
} as const;

/** The 'Feature Coming Soon' card (Reading Challenges is live: ReadingChallengeCard.astro). */
export const COMING_SOON_FEATURES = [
  { title: 'Book Swap', text: 'Trade the books you have finished with members near you.' },
] as const;

/**
 * The events and promotions card: the monthly meetup, and the holiday promotion,
 * shown only while an admin has set a promotion code in Site Settings. The
 * promotion's words promise only what Checkout does: it accepts the code, and the
 * discount is whatever the code carries in Stripe.
 */
export const EVENTS_AND_PROMOTIONS = {
  event: {
    label: 'Featured Event',
    title: 'Virtual Author Meetup',
    text: 'Meet authors from our community online, hear readings from new releases and ask your questions live.',
    when: 'Last Thursday of every month, 7 pm (UTC)',
  },
  promotion: {
    label: 'Holiday Promotion',
    /** The title reads "Use code <code> at checkout". */
    titleBefore: 'Use code',
    titleAfter: 'at checkout',
    text: 'Upgrade to Premium and enter the code on the payment page: Checkout applies the holiday discount.',
  },
} as const;
