// Word lists for invented but believable demo content. Every name here is made
// up; any resemblance to real people or books is accidental.

export const FIRST_NAMES = [
  'Amelia',
  'Theo',
  'Priya',
  'Jonas',
  'Mariana',
  'Elliot',
  'Naomi',
  'Rafael',
  'Ingrid',
  'Kwame',
  'Lucia',
  'Declan',
  'Hana',
  'Tobias',
  'Imogen',
  'Mateo',
  'Freya',
  'Samuel',
  'Aisha',
  'Callum',
  'Beatrix',
  'Oren',
  'Clara',
  'Idris',
  'Maren',
  'Felix',
  'Yara',
  'Gideon',
  'Rosalind',
  'Anton',
  'Leila',
  'Hugo',
  'Sunniva',
  'Desmond',
  'Catalina',
  'Malik',
  'Harriet',
  'Emeka',
  'Juniper',
  'Ruben',
] as const;

export const LAST_NAMES = [
  'Hartwell',
  'Okafor',
  'Lindqvist',
  'Moreau',
  'Castellanos',
  'Achterberg',
  'Nakamura',
  'Whitlock',
  'Brennan',
  'Adeyemi',
  'Fairbanks',
  'Sorensen',
  'Delacroix',
  'Pemberton',
  'Ravensworth',
  'Quintero',
  'Ashdown',
  'Kowalczyk',
  'Thorne',
  'Mbeki',
  'Halloran',
  'Varga',
  'Ellsworth',
  'Calloway',
  'Iverson',
  'Marchetti',
  'Blackwood',
  'Osei',
  'Lockhart',
  'Strand',
] as const;

/** Names for publishers (companies rather than people). */
export const PUBLISHER_NAMES = [
  'Lanternfish Press',
  'Harbour & Vine Books',
  'Northlight Editions',
  'Quillstone Publishing',
  'Paper Orchard Press',
  'Blue Heron Books',
  'Copperleaf House',
  'Winterbourne Editions',
  'Small Hours Press',
  'Tidewater Publishing',
] as const;

export const CITIES = [
  'Portland, OR',
  'Edinburgh, UK',
  'Toronto, ON',
  'Melbourne, AU',
  'Austin, TX',
  'Dublin, IE',
  'Vancouver, BC',
  'Bristol, UK',
  'Chicago, IL',
  'Wellington, NZ',
  'Asheville, NC',
  'Halifax, NS',
] as const;

/** Title patterns; {A} adjective, {N} noun, {P} place, {X} name. */
export const FICTION_TITLE_PATTERNS = [
  'The {A} {N}',
  'A {N} of {N2}',
  'The {N} of {P}',
  '{X} and the {A} {N}',
  'Beneath the {A} {N}',
  'When the {N} Falls',
  'The Last {N} in {P}',
  'Songs for a {A} {N}',
  'The {N} Keeper',
  'Where the {N2} Go',
  'The {A} Season',
  'Letters from {P}',
] as const;

export const NONFICTION_TITLE_PATTERNS = [
  'The {A} Mind',
  'Thinking in {N2}',
  'A Short History of {N2}',
  'The Art of {G}',
  '{G} for Everyone',
  'The {A} Habit',
  'Notes on {G}',
  'Finding {N}: A Practical Guide',
  'The {N} Economy',
  'Why We {V}',
  'Small Steps, {A} Change',
  'Inside the {N}',
] as const;

export const TITLE_ADJECTIVES = [
  'Silent',
  'Hidden',
  'Crimson',
  'Winter',
  'Forgotten',
  'Quiet',
  'Burning',
  'Hollow',
  'Golden',
  'Restless',
  'Salt',
  'Midnight',
  'Paper',
  'Borrowed',
  'Distant',
  'Gentle',
  'Iron',
  'Lantern',
  'Wild',
  'Patient',
] as const;

export const TITLE_NOUNS = [
  'Lighthouse',
  'Orchard',
  'Cartographer',
  'River',
  'Archive',
  'Garden',
  'Harbour',
  'Clockmaker',
  'Library',
  'Tide',
  'Meadow',
  'Crossing',
  'Bridge',
  'Signal',
  'Compass',
  'Ember',
  'Frontier',
  'Atlas',
  'Lantern',
  'Kingdom',
] as const;

export const TITLE_PLURALS = [
  'Stars',
  'Small Things',
  'Borrowed Hours',
  'Rivers',
  'Wolves',
  'Glass',
  'Echoes',
  'Maps',
  'Storms',
  'Strangers',
  'Bees',
  'Bridges',
] as const;

export const TITLE_PLACES = [
  'Ashby Hollow',
  'Marrow Bay',
  'the Northern Line',
  'Saltmarsh',
  'Kestrel Point',
  'Velmont',
  'the Drowned Coast',
  'Elder Street',
] as const;

export const TITLE_GERUNDS = [
  'Listening',
  'Slow Living',
  'Deep Work',
  'Negotiation',
  'Storytelling',
  'Resting',
  'Saving',
  'Walking',
  'Focus',
  'Repair',
] as const;

export const TITLE_VERBS = [
  'Wander',
  'Forget',
  'Collect',
  'Trust',
  'Read',
  'Build',
  'Remember',
  'Share',
] as const;

/** Openings and closings for book blurbs; joined they stay well under 100 words. */
export const FICTION_BLURB_OPENINGS = [
  'When {X} inherits a crumbling house on the edge of {P}, she finds a locked room and a ledger of names nobody will explain.',
  'Nobody in {P} talks about the summer the river ran backwards, least of all {X}, who was there.',
  '{X} has spent twenty years charting coastlines. Now the coastline is charting her.',
  'A disgraced detective, a missing violinist and a town that keeps its secrets in plain sight.',
  'On the night of the last ferry, {X} receives a letter written in her own hand, dated ten years from now.',
  'Two sisters, one inheritance and a garden that remembers everything that was buried in it.',
  'In a city where memories can be sold, {X} is the best forger in the trade, until she forges the wrong one.',
  'The expedition was supposed to take six weeks. That was eleven years ago.',
] as const;

export const FICTION_BLURB_CLOSINGS = [
  'A haunting, tender novel about grief, family and the stories we tell to survive.',
  'Atmospheric and gripping, this is a story you will read in one sitting.',
  'Funny, sharp and unexpectedly moving.',
  'A page-turner with a heart, perfect for fans of slow-burning mysteries.',
  'Lyrical, strange and impossible to put down.',
  'The first book in a sweeping new series.',
] as const;

export const NONFICTION_BLURB_OPENINGS = [
  'Drawing on a decade of research and hundreds of interviews, {X} shows how small daily choices shape our lives.',
  'Why do some ideas spread while others vanish? {X} follows the answer from ancient markets to modern newsrooms.',
  'Part memoir, part field guide, this book invites readers to slow down and notice the world again.',
  'A clear, practical guide for anyone who has ever felt overwhelmed by too much to do and too little time.',
  'From the kitchen table to the boardroom, {X} reveals the hidden patterns behind everyday decisions.',
  'A lively history of the people, places and accidents that changed the way we live.',
] as const;

export const NONFICTION_BLURB_CLOSINGS = [
  'Accessible, generous and full of surprising stories.',
  'Includes exercises, checklists and further reading at the end of each chapter.',
  'An essential read for curious minds.',
  'Warm, wise and immediately useful.',
  'Richly researched and a joy to read.',
] as const;

export const AUTHOR_ABOUTS = [
  'I write {kind} about ordinary people in extraordinary places. Before writing full time I worked as a librarian, a ferry deckhand and, briefly, a very bad barista.',
  'Novelist and short-story writer based in {city}. My work has appeared in several literary magazines and I teach creative writing evening classes.',
  'I have been telling stories since I could hold a crayon. Today I write {kind} and run a small writing group that meets every Thursday.',
  'Former journalist turned author. I love research rabbit holes, strong coffee and characters who make bad decisions for good reasons.',
  'Award-nominated author of {kind}. When I am not writing, I am walking the coast near {city} with my dog, Biscuit.',
  'I write the books I wanted to read as a teenager: brave, funny and a little bit strange.',
] as const;

export const READER_ABOUTS = [
  'Reader, reviewer and book-club host in {city}. I post honest reviews every week and love helping indie authors find their readers.',
  'Book marketer with ten years of experience launching debut novels. Ask me about launch plans, ARC teams and newsletters.',
  'I read about 150 books a year, mostly {kind}. My TBR pile is a health and safety hazard.',
  'Bookstagrammer and podcast host. I interview authors about the books that shaped them.',
  'Retired teacher, lifelong reader. I organise a library reading circle and run a small review blog.',
] as const;

export const PUBLISHER_ABOUTS = [
  'An independent press based in {city}, publishing bold literary fiction and narrative non-fiction since 2011.',
  'We are a small team of editors and designers who believe beautiful books still matter. Open for submissions twice a year.',
  'Independent publisher of {kind}, with a focus on debut voices and translated fiction.',
  'A family-run press publishing regional history, nature writing and illustrated books.',
] as const;

export const ANNOUNCEMENTS = [
  'My new novel is out now in paperback and ebook. Signed copies available at my next event!',
  'Pre-orders are open for the sequel. Everyone who pre-orders gets a bonus short story.',
  'I am looking for early readers for my next book. Get in touch through my website.',
  'Submissions are open until the end of the month.',
  'Summer reading challenge starts next week. Join the club!',
  'Half-price ebooks all weekend.',
] as const;

export const EVENTS = [
  'Book signing at Riverside Books, Saturday 2pm',
  'Online writing workshop: building believable villains',
  'Panel talk at the Northern Lights Book Festival',
  'Live reading on Instagram, first Friday of the month',
  'Library author talk and Q&A',
  'Launch party at The Ink Well café',
  'Virtual book club discussion of the new release',
  'Podcast recording with the Shelf Life show',
] as const;

/** A product or service listing idea. */
export interface ListingIdea {
  title: string;
  sub: string;
  desc: string;
  tags: readonly string[];
}

export const PRODUCT_ITEMS: readonly ListingIdea[] = [
  {
    title: 'Hand-bound Leather Journal',
    sub: 'stationery',
    desc: 'A5 journal with 200 pages of cream acid-free paper, hand-stitched in a recycled leather cover.',
    tags: ['journal', 'handmade', 'gift'],
  },
  {
    title: 'Literary Quote Bookmarks (set of 6)',
    sub: 'reading-accessories',
    desc: 'Letterpress bookmarks printed with lines from classic novels, on thick cotton card.',
    tags: ['bookmarks', 'letterpress'],
  },
  {
    title: 'Adjustable Book Stand',
    sub: 'reading-accessories',
    desc: 'Solid oak stand that holds books open at three reading angles. Folds flat for travel.',
    tags: ['oak', 'reading'],
  },
  {
    title: 'Clip-on Reading Light',
    sub: 'reading-accessories',
    desc: 'Rechargeable warm-white light with three brightness levels and a flexible neck.',
    tags: ['light', 'night reading'],
  },
  {
    title: 'Bookish Enamel Pin Collection',
    sub: 'book-merchandise',
    desc: 'Four enamel pins celebrating libraries, bookshops and late-night reading.',
    tags: ['pins', 'merch'],
  },
  {
    title: 'Archival Book Covers (pack of 10)',
    sub: 'book-care-preservation',
    desc: 'Clear, acid-free covers that protect dust jackets from light and wear.',
    tags: ['archival', 'collectors'],
  },
  {
    title: 'Literary Tote Bag',
    sub: 'book-merchandise',
    desc: 'Heavy cotton tote that fits a week of library books. Printed with a vintage card catalogue design.',
    tags: ['tote', 'library'],
  },
  {
    title: 'E-reader Sleeve',
    sub: 'technology-ereaders',
    desc: 'Padded felt sleeve for 6 to 7 inch e-readers with a pocket for a charging cable.',
    tags: ['e-reader', 'felt'],
  },
];

export const SERVICE_ITEMS: readonly ListingIdea[] = [
  {
    title: 'Developmental Editing',
    sub: 'editing',
    desc: 'Big-picture feedback on structure, pacing and character, with a detailed editorial letter and margin notes.',
    tags: ['editing', 'fiction', 'manuscript'],
  },
  {
    title: 'Copyediting and Proofreading',
    sub: 'proofreading',
    desc: 'Line-by-line corrections for grammar, consistency and style. Turnaround in two weeks for up to 90,000 words.',
    tags: ['proofreading', 'copyediting'],
  },
  {
    title: 'Custom Book Cover Design',
    sub: 'cover-design',
    desc: 'Original ebook and print covers designed for your genre, with two rounds of revisions.',
    tags: ['cover', 'design'],
  },
  {
    title: 'Ebook and Print Formatting',
    sub: 'formatting',
    desc: 'Clean, professional interiors for Kindle, EPUB and print-on-demand.',
    tags: ['formatting', 'ebook', 'print'],
  },
  {
    title: 'Book Launch Marketing Plan',
    sub: 'marketing',
    desc: 'A 90-day launch plan covering newsletters, advance readers, social media and retailer promotions.',
    tags: ['marketing', 'launch'],
  },
  {
    title: 'Beta Reading for Novels',
    sub: 'beta-reading',
    desc: 'An honest reader report on what worked, what confused me and where I stopped reading.',
    tags: ['beta reading', 'feedback'],
  },
  {
    title: 'Spanish to English Literary Translation',
    sub: 'translation',
    desc: 'Literary translation of novels and short fiction by a published translator.',
    tags: ['translation', 'spanish'],
  },
  {
    title: 'One-to-one Publishing Consultation',
    sub: 'consultation',
    desc: 'A 60-minute video call to plan your route to publication, traditional or independent.',
    tags: ['consulting', 'publishing'],
  },
];

export const SOCIAL_HANDLES = ['books', 'writes', 'reads', 'author', 'press', 'ink'] as const;
