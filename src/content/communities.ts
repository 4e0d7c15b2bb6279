// The static directory of outside book communities shown on /book-communities.
// Nothing here is fetched: where
// we are sure of a community's public address we link to it, otherwise to the
// platform's own search for that community's name, which cannot go stale.

/** One outside community. */
export interface Community {
  /** Name as shown. */
  name: string;
  /** Address opened in a new tab. */
  url: string;
  /** One line on what it is. */
  description: string;
}

/** A named list of communities within a section (e.g. the reader groups on Facebook). */
export interface CommunityGroup {
  /** Subgroup heading, or null when the section has a single list. */
  title: string | null;
  communities: Community[];
}

/** One of the seven numbered sections. */
export interface CommunitySection {
  /** Anchor id. */
  id: string;
  /** Roman numeral shown before the title. */
  numeral: string;
  /** Section title. */
  title: string;
  /** Platform name in short, for the hero's summary. */
  platform: string;
  /** Lead paragraph. */
  intro: string;
  /** Text of each card's link button. */
  action: string;
  groups: CommunityGroup[];
}

const web = (name: string) => `https://duckduckgo.com/?q=${encodeURIComponent(name)}`;
const facebook = (name: string) => `https://www.facebook.com/search/groups/?q=${encodeURIComponent(name)}`;
const linkedin = (name: string) =>
  `https://www.linkedin.com/search/results/groups/?keywords=${encodeURIComponent(name)}`;
const substack = (name: string) => `https://substack.com/search/${encodeURIComponent(name)}`;
const discord = (name: string) => `https://discord.com/servers?query=${encodeURIComponent(name)}`;
const reddit = (sub: string) => `https://www.reddit.com/r/${sub}/`;
const hashtag = (tag: string) => `https://x.com/hashtag/${tag}`;
const xAccount = (handle: string) => `https://x.com/${handle}`;

const c = (name: string, url: string, description: string): Community => ({ name, url, description });

/** Sections I–VII in the spec's order. */
export const COMMUNITY_SECTIONS: CommunitySection[] = [
  {
    id: 'book-clubs',
    numeral: 'I',
    title: 'Curated Book Clubs',
    platform: 'Book clubs',
    intro:
      'Online book clubs and reading communities with monthly picks, discussions and reading challenges.',
    action: 'Visit',
    groups: [
      {
        title: null,
        communities: [
          c(
            'Goodreads Groups',
            'https://www.goodreads.com/group',
            'Thousands of reader-run groups for every genre, with shared shelves and group reads.',
          ),
          c(
            "Reese's Book Club",
            'https://reesesbookclub.com/',
            'Monthly picks that put women at the centre of the story, with an active online community.',
          ),
          c(
            "Oprah's Book Club",
            web("Oprah's Book Club"),
            'One of the best-known book clubs, with discussion guides for every selection.',
          ),
          c(
            'Read with Jenna',
            web('Read with Jenna book club'),
            'A monthly pick from the TODAY show with a large reader community.',
          ),
          c(
            'Book of the Month',
            'https://www.bookofthemonth.com/',
            'A subscription club with a members-only community around each month’s new releases.',
          ),
          c(
            'Silent Book Club',
            'https://silentbook.club/',
            'Introvert happy hour: local and virtual chapters where members read together.',
          ),
          c('Fable', 'https://fable.co/', 'An app for social reading with public and private book clubs.'),
          c(
            'The StoryGraph',
            'https://app.thestorygraph.com/',
            'Reading tracker with buddy reads and reading challenges.',
          ),
          c(
            'LibraryThing Groups',
            'https://www.librarything.com/groups',
            'Long-running discussion groups for serious readers and cataloguers.',
          ),
          c(
            'Bookclubs',
            'https://bookclubs.com/',
            'Tools to find or run a book club, with thousands of public clubs to join.',
          ),
          c(
            'Literati',
            'https://literati.com/',
            'Book clubs led by authors and public figures, with online discussions.',
          ),
          c(
            'BookBrowse',
            'https://www.bookbrowse.com/',
            'Reviews, reading guides and online discussions for book clubs.',
          ),
          c(
            'Well-Read Black Girl',
            'https://wellreadblackgirl.com/',
            'A book club and community celebrating Black women writers.',
          ),
          c('Book Riot', 'https://bookriot.com/', 'News, podcasts and the yearly Read Harder challenge.'),
          c(
            'The Guardian Reading Group',
            'https://www.theguardian.com/books/series/reading-group',
            'A monthly open reading group with discussion in the comments.',
          ),
          c(
            'Wattpad',
            'https://www.wattpad.com/',
            'A community of readers and writers sharing serialised stories.',
          ),
        ],
      },
    ],
  },
  {
    id: 'facebook',
    numeral: 'II',
    title: 'Facebook Groups',
    platform: 'Facebook',
    intro: 'Groups for readers, for writers, and for promoting books to the people who want them.',
    action: 'Visit',
    groups: [
      {
        title: 'For readers',
        communities: [
          c(
            'Book Lovers Club',
            facebook('Book Lovers Club'),
            'A general group for sharing what you are reading.',
          ),
          c(
            'Fantasy & Sci-Fi Readers',
            facebook('Fantasy Sci-Fi Readers'),
            'Recommendations and discussion for speculative fiction.',
          ),
          c(
            'Mystery & Thriller Readers',
            facebook('Mystery Thriller Readers'),
            'Crime, suspense and whodunits.',
          ),
          c('Romance Readers Lounge', facebook('Romance Readers'), 'Swoons, tropes and new releases.'),
          c(
            'Historical Fiction Readers',
            facebook('Historical Fiction Readers'),
            'Stories set in every era.',
          ),
          c(
            'Literary Fiction Book Club',
            facebook('Literary Fiction Book Club'),
            'Monthly reads of contemporary literary fiction.',
          ),
        ],
      },
      {
        title: 'For writers',
        communities: [
          c(
            'Writers Helping Writers',
            facebook('Writers Helping Writers'),
            'Craft questions, critique swaps and encouragement.',
          ),
          c(
            'Indie Author Support Group',
            facebook('Indie Author Support'),
            'Self-publishing advice from authors who have done it.',
          ),
          c(
            'Fiction Writers Workshop',
            facebook('Fiction Writers Workshop'),
            'Feedback on openings, queries and synopses.',
          ),
          c(
            'Self-Publishing Community',
            facebook('Self Publishing Community'),
            'Formatting, covers, distribution and marketing.',
          ),
          c('Poetry Writers Circle', facebook('Poetry Writers Circle'), 'Share poems and prompts.'),
        ],
      },
      {
        title: 'For book promotion',
        communities: [
          c('Book Promotion Hub', facebook('Book Promotion'), 'Announce launches and deals to readers.'),
          c('Free & Discounted eBooks', facebook('Free Discounted eBooks'), 'Daily free and bargain eBooks.'),
          c(
            'Author Book Launch Team',
            facebook('Book Launch Team'),
            'Find advance readers and launch helpers.',
          ),
          c('Kindle Book Promotions', facebook('Kindle Book Promotions'), 'Promotions for Kindle releases.'),
          c(
            'Audiobook Promo Exchange',
            facebook('Audiobook Promo'),
            'Promo codes and listeners for audiobooks.',
          ),
        ],
      },
    ],
  },
  {
    id: 'linkedin',
    numeral: 'III',
    title: 'LinkedIn Groups',
    platform: 'LinkedIn',
    intro: 'Professional groups for publishing, editing, book marketing and the business of writing.',
    action: 'Visit',
    groups: [
      {
        title: null,
        communities: [
          c(
            'Book Publishing Professionals',
            linkedin('Book Publishing Professionals'),
            'Editors, agents and publishers discussing the trade.',
          ),
          c(
            'Independent Book Publishers',
            linkedin('Independent Book Publishers'),
            'Small presses and indie publishers sharing practice.',
          ),
          c(
            'Self-Publishing Authors',
            linkedin('Self Publishing Authors'),
            'Authors who publish themselves.',
          ),
          c('Book Marketing Network', linkedin('Book Marketing'), 'Campaigns, ads and launch strategies.'),
          c(
            'Editors and Proofreaders',
            linkedin('Editors and Proofreaders'),
            'Freelance editing work and standards.',
          ),
          c(
            'Children’s Book Publishing',
            linkedin("Children's Book Publishing"),
            'Picture books, middle grade and YA.',
          ),
          c(
            'Audiobook Production',
            linkedin('Audiobook Production'),
            'Narrators, producers and publishers of audio.',
          ),
          c(
            'Literary Agents & Authors',
            linkedin('Literary Agents Authors'),
            'Querying, contracts and rights.',
          ),
        ],
      },
    ],
  },
  {
    id: 'x-twitter',
    numeral: 'IV',
    title: 'X (Twitter) Hashtags and Accounts',
    platform: 'X (Twitter)',
    intro: 'Follow the hashtags where readers and writers talk, and the accounts that set the conversation.',
    action: 'Visit',
    groups: [
      {
        title: 'Hashtags',
        communities: [
          c('#amwriting', hashtag('amwriting'), 'Writers sharing progress and craft.'),
          c('#amreading', hashtag('amreading'), 'What everyone is reading right now.'),
          c('#booktwitter', hashtag('booktwitter'), 'The reading community on X.'),
          c('#writingcommunity', hashtag('writingcommunity'), 'Support and advice among writers.'),
          c('#bookrecommendations', hashtag('bookrecommendations'), 'Ask for and give recommendations.'),
          c('#indieauthor', hashtag('indieauthor'), 'Independent authors and their releases.'),
          c('#booklovers', hashtag('booklovers'), 'Bookish joy of every kind.'),
          c('#writerslift', hashtag('writerslift'), 'Threads where writers find each other.'),
        ],
      },
      {
        title: 'Influential accounts',
        communities: [
          c('@goodreads', xAccount('goodreads'), 'News, lists and reader favourites.'),
          c('@BookRiot', xAccount('BookRiot'), 'Everything books, every day.'),
          c(
            '@nytimesbooks',
            xAccount('nytimesbooks'),
            'Reviews and best-seller news from The New York Times.',
          ),
          c('@GuardianBooks', xAccount('GuardianBooks'), 'Books coverage from The Guardian.'),
          c('@NPRBooks', xAccount('NPRBooks'), 'Author interviews and reviews from NPR.'),
          c('@PublishersWkly', xAccount('PublishersWkly'), 'The publishing industry’s trade news.'),
        ],
      },
    ],
  },
  {
    id: 'substack',
    numeral: 'V',
    title: 'Substack Publications',
    platform: 'Substack',
    intro: 'Newsletters about reading, writing and publishing, straight to your inbox.',
    action: 'Subscribe',
    groups: [
      {
        title: null,
        communities: [
          c(
            'Counter Craft',
            'https://countercraft.substack.com/',
            'Lincoln Michel on the craft and business of fiction.',
          ),
          c(
            'Austin Kleon',
            'https://austinkleon.substack.com/',
            'Weekly notes on creativity, reading and making things.',
          ),
          c(
            'Book Reviews on Substack',
            substack('book reviews'),
            'Find newsletters that review new and old books.',
          ),
          c(
            'Publishing Industry Newsletters',
            substack('publishing industry'),
            'Insiders writing about how books get made and sold.',
          ),
          c(
            'Writing Craft Newsletters',
            substack('writing craft'),
            'Working writers on plot, character and revision.',
          ),
          c('Poetry Newsletters', substack('poetry'), 'Poets sharing new work and the poems they love.'),
        ],
      },
    ],
  },
  {
    id: 'discord',
    numeral: 'VI',
    title: 'Discord Servers',
    platform: 'Discord',
    intro: 'Live chat servers for buddy reads, writing sprints and genre fandoms.',
    action: 'Join',
    groups: [
      {
        title: null,
        communities: [
          c('Book Club Servers', discord('book club'), 'Servers that read a book together each month.'),
          c('Writing Sprint Servers', discord('writing'), 'Timed sprints and accountability for writers.'),
          c('Fantasy Readers', discord('fantasy books'), 'Chat about epic, urban and cosy fantasy.'),
          c('Romance Readers', discord('romance books'), 'Recommendations and buddy reads for romance.'),
          c(
            'Sci-Fi Readers',
            discord('science fiction books'),
            'Space opera, cyberpunk and everything between.',
          ),
          c('Manga & Comics Readers', discord('manga'), 'Comics, manga and graphic novels.'),
        ],
      },
    ],
  },
  {
    id: 'reddit',
    numeral: 'VII',
    title: 'Reddit Communities',
    platform: 'Reddit',
    intro:
      'Subreddits for every kind of reader and writer, from general discussion to finding a half-remembered book.',
    action: 'Visit',
    groups: [
      {
        title: 'General',
        communities: [
          c('r/books', reddit('books'), 'The largest general book discussion on Reddit.'),
          c('r/literature', reddit('literature'), 'In-depth discussion of literary works.'),
          c('r/CurrentlyReading', reddit('CurrentlyReading'), 'Share what you are reading this week.'),
        ],
      },
      {
        title: 'Recommendations',
        communities: [
          c('r/suggestmeabook', reddit('suggestmeabook'), 'Ask for a book, get dozens of answers.'),
          c('r/booksuggestions', reddit('booksuggestions'), 'Recommendations for every taste.'),
        ],
      },
      {
        title: 'Genres',
        communities: [
          c('r/Fantasy', reddit('Fantasy'), 'Fantasy books, authors and reading lists.'),
          c('r/printSF', reddit('printSF'), 'Science fiction in print.'),
          c('r/horrorlit', reddit('horrorlit'), 'Horror fiction and its writers.'),
          c('r/RomanceBooks', reddit('RomanceBooks'), 'Romance readers and recommendations.'),
          c('r/mysterybooks', reddit('mysterybooks'), 'Mysteries, detectives and crime novels.'),
        ],
      },
      {
        title: 'Book clubs',
        communities: [
          c('r/bookclub', reddit('bookclub'), 'Reddit’s own book club, with scheduled reads.'),
          c('r/52book', reddit('52book'), 'The 52-books-a-year reading challenge.'),
        ],
      },
      {
        title: 'Writers',
        communities: [
          c('r/writing', reddit('writing'), 'Craft, process and the writing life.'),
          c('r/selfpublish', reddit('selfpublish'), 'Self-publishing questions and answers.'),
          c('r/WritingPrompts', reddit('WritingPrompts'), 'Daily prompts and short stories.'),
        ],
      },
      {
        title: 'Utility',
        communities: [
          c('r/whatsthatbook', reddit('whatsthatbook'), 'Find a book you only half remember.'),
          c('r/audiobooks', reddit('audiobooks'), 'Audiobook recommendations and narrators.'),
        ],
      },
    ],
  },
];

/** The hero's claims. */
export const COMMUNITY_HERO_STATS = { platformTypes: 7, communities: '100+' } as const;

/** How many communities a section lists. */
export function sectionCount(section: CommunitySection): number {
  return section.groups.reduce((sum, group) => sum + group.communities.length, 0);
}
