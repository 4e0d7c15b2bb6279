// Classified ad templates across the marketplace category tree. Prices are in
// whole units; null means 'Contact for Pricing'.

/** One invented classified ad. */
export interface AdTemplate {
  category: string;
  subcategory: string | null;
  title: string;
  description: string;
  price: [number, number] | null;
  tags: string[];
}

/** The ads the seed posts, one each. */
export const AD_TEMPLATES: readonly AdTemplate[] = [
  {
    category: 'books-publications',
    subcategory: 'first-editions',
    title: 'First edition mystery collection, 1970s (12 books)',
    description:
      'Twelve first editions of classic detective novels, all with dust jackets. Light shelf wear, no inscriptions. Happy to send detailed photos.',
    price: [180, 260],
    tags: ['first edition', 'mystery', 'collection'],
  },
  {
    category: 'books-publications',
    subcategory: 'used-books',
    title: 'Box of 40 paperback thrillers',
    description:
      'Clearing my shelves: forty paperback thrillers in good reading condition. Collection only, or I can post for the cost of shipping.',
    price: [25, 40],
    tags: ['paperbacks', 'thrillers', 'bundle'],
  },
  {
    category: 'books-publications',
    subcategory: 'signed-books',
    title: 'Signed copies of my debut novel',
    description:
      'Personally signed and dedicated copies of my debut novel. Tell me who to dedicate it to and I will add a bookmark too.',
    price: [15, 22],
    tags: ['signed', 'debut', 'gift'],
  },
  {
    category: 'books-publications',
    subcategory: 'rare-books',
    title: 'Antique atlas, hand-coloured plates',
    description:
      'A nineteenth-century atlas with 48 hand-coloured plates. Spine rebacked, plates clean. Serious enquiries only, viewing welcome.',
    price: null,
    tags: ['antique', 'maps', 'rare'],
  },
  {
    category: 'fiction-books',
    subcategory: 'fantasy',
    title: 'Complete epic fantasy series, hardcover',
    description:
      'All seven hardcover volumes of a much-loved fantasy series, read once and kept in a smoke-free home.',
    price: [60, 90],
    tags: ['fantasy', 'hardcover', 'series'],
  },
  {
    category: 'fiction-books',
    subcategory: 'romance',
    title: 'Romance reading bundle (15 books)',
    description:
      'Fifteen contemporary and historical romances, mostly paperbacks, a few with cracked spines from happy rereading.',
    price: [20, 30],
    tags: ['romance', 'bundle'],
  },
  {
    category: 'fiction-books',
    subcategory: 'childrens-books',
    title: 'Picture books for ages 3 to 6',
    description:
      'A bundle of twenty picture books our children have outgrown. Clean, complete and ready for new bedtime stories.',
    price: [18, 25],
    tags: ['children', 'picture books'],
  },
  {
    category: 'non-fiction-books',
    subcategory: 'history',
    title: 'Military history library, 30 volumes',
    description:
      'Thirty volumes of military history covering the ancient world to the twentieth century. Buyer collects; heavy boxes.',
    price: [90, 140],
    tags: ['history', 'library'],
  },
  {
    category: 'non-fiction-books',
    subcategory: 'self-help',
    title: 'Self-help classics, like new',
    description:
      'Eight popular self-help books, most read only once. Great starter set for a new reading habit.',
    price: [12, 20],
    tags: ['self-help', 'like new'],
  },
  {
    category: 'reading-accessories',
    subcategory: 'book-lights',
    title: 'Rechargeable book light, barely used',
    description:
      'Warm-light clip-on reading lamp with three brightness levels. Comes with its USB cable and travel pouch.',
    price: [8, 14],
    tags: ['book light', 'reading'],
  },
  {
    category: 'reading-accessories',
    subcategory: 'book-stands',
    title: 'Walnut reading stand',
    description:
      'Handmade walnut book stand with brass page holders. Perfect for cookbooks and big art books.',
    price: [35, 55],
    tags: ['walnut', 'handmade'],
  },
  {
    category: 'book-accessories',
    subcategory: 'book-embossers',
    title: 'Custom library embosser',
    description:
      'Personalised "From the library of" embosser with your name and a choice of six designs. Made to order in two weeks.',
    price: [28, 45],
    tags: ['embosser', 'personalised', 'gift'],
  },
  {
    category: 'book-merchandise',
    subcategory: 'posters-prints',
    title: 'Literary map prints (A3)',
    description:
      'Illustrated maps of famous fictional places, printed on heavyweight matte paper. Set of three or sold singly.',
    price: [18, 40],
    tags: ['prints', 'maps', 'art'],
  },
  {
    category: 'book-merchandise',
    subcategory: 'candles-gifts',
    title: 'Old library scented candles',
    description:
      'Soy candles that smell of leather, paper and pipe tobacco. Hand-poured in small batches, forty hours of burn time.',
    price: [14, 22],
    tags: ['candle', 'gift'],
  },
  {
    category: 'storage-organization',
    subcategory: 'bookshelves',
    title: 'Solid oak bookcase, 6 shelves',
    description:
      'Tall solid oak bookcase with adjustable shelves. Some marks on the side panel. Buyer collects, can help carry.',
    price: [120, 180],
    tags: ['bookcase', 'oak', 'furniture'],
  },
  {
    category: 'writing-editorial',
    subcategory: 'developmental-editing',
    title: 'Developmental edit for your novel',
    description:
      'Experienced fiction editor offering full developmental edits with an editorial letter and a follow-up call. Booking for next quarter.',
    price: [600, 1200],
    tags: ['editing', 'fiction'],
  },
  {
    category: 'writing-editorial',
    subcategory: 'beta-reading',
    title: 'Beta reader for fantasy and sci-fi',
    description:
      'Avid genre reader offering honest, chapter-by-chapter beta reading feedback within three weeks.',
    price: [40, 80],
    tags: ['beta reading', 'fantasy'],
  },
  {
    category: 'design-formatting',
    subcategory: 'cover-design',
    title: 'Premade book covers, ready to personalise',
    description:
      'A gallery of premade ebook and print covers for thrillers and romance. Each design is sold once and personalised with your title.',
    price: [75, 150],
    tags: ['covers', 'premade'],
  },
  {
    category: 'design-formatting',
    subcategory: 'interior-formatting',
    title: 'Print and ebook interior formatting',
    description:
      'Clean, classic interiors for paperbacks and ebooks, with drop caps and scene breaks styled to your genre.',
    price: [90, 200],
    tags: ['formatting', 'interior'],
  },
  {
    category: 'publishing-distribution',
    subcategory: 'audiobook-production',
    title: 'Audiobook narration and production',
    description:
      'Professional narrator with a home studio. Warm British and neutral American accents. Finished-hour rates, samples on request.',
    price: null,
    tags: ['audiobook', 'narration'],
  },
  {
    category: 'marketing-publicity',
    subcategory: 'book-reviews',
    title: 'Honest reviews for indie crime fiction',
    description:
      'Book blogger with a weekly audience of readers. I review indie crime and mystery titles and share on three platforms.',
    price: [0, 0],
    tags: ['reviews', 'crime'],
  },
  {
    category: 'marketing-publicity',
    subcategory: 'book-promotion',
    title: 'Launch-week promotion package',
    description:
      'Newsletter feature, social posts and a reader giveaway for your launch week, tailored to your genre.',
    price: [120, 250],
    tags: ['promotion', 'launch'],
  },
  {
    category: 'preservation-care',
    subcategory: 'book-repair',
    title: 'Book repair and rebinding',
    description:
      'Loose pages, broken spines and torn covers repaired with archival materials. Family bibles and cookbooks a speciality.',
    price: null,
    tags: ['repair', 'bookbinding'],
  },
  {
    category: 'collector-services',
    subcategory: 'book-search',
    title: 'Out-of-print book search',
    description:
      'I track down out-of-print and hard-to-find titles through a network of dealers. No find, no fee.',
    price: [10, 25],
    tags: ['book search', 'out of print'],
  },
  {
    category: 'experiences-subscriptions',
    subcategory: 'book-clubs',
    title: 'Monthly online mystery book club',
    description:
      'Friendly online book club meeting on the last Sunday of each month. We read one classic and one new mystery per season.',
    price: [0, 0],
    tags: ['book club', 'online'],
  },
  {
    category: 'experiences-subscriptions',
    subcategory: 'writing-workshops',
    title: 'Weekend writing retreat by the sea',
    description:
      'Two days of workshops, walks and quiet writing time in a coastal cottage. Small group of eight, meals included.',
    price: [250, 400],
    tags: ['retreat', 'workshop'],
  },
  {
    category: 'other',
    subcategory: 'wanted',
    title: 'Wanted: 1980s fantasy paperbacks',
    description:
      'Looking for fantasy paperbacks from the 1980s with original cover art. Will buy single copies or whole collections.',
    price: null,
    tags: ['wanted', 'fantasy', 'vintage'],
  },
  {
    category: 'other',
    subcategory: 'swaps-trades',
    title: 'Swap: cookbooks for gardening books',
    description:
      'I have twenty cookbooks to swap for gardening and nature books. Happy to meet locally or swap by post.',
    price: null,
    tags: ['swap', 'cookbooks'],
  },
];

/** Categories whose ads offer a service rather than an item. */
export const SERVICE_CATEGORIES: ReadonlySet<string> = new Set([
  'writing-editorial',
  'design-formatting',
  'publishing-distribution',
  'marketing-publicity',
  'preservation-care',
  'collector-services',
  'experiences-subscriptions',
]);
