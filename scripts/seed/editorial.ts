// Blog posts and newsletters written by the admin, in the light markup the
// blog and newsletter pages render ('## ', '### ', bold label lines, quotes, '---').
import { type SeedContext, type SeedDoc, daysAgo, streamFor } from './context.ts';
import type { Member } from './members.ts';
import { DEMO_PROMOTION_CODE } from './promotion.ts';
import { blogImageSvg, imageSpec } from './svg.ts';
import { uniqueEditorialSlug } from '../../src/domain/editorial/editorial.ts';

interface Post {
  title: string;
  author: string;
  excerpt: string | null;
  content: string;
  published: boolean;
  daysAgo: number;
  image: boolean;
}

const POSTS: readonly Post[] = [
  {
    title: 'Welcome to Shelfmark',
    author: 'Shelfmark Team',
    excerpt: 'A new home for authors, readers and publishers. Here is what you can do on day one.',
    published: true,
    daysAgo: 720,
    image: true,
    content: `Shelfmark is a community for everyone who loves books: the people who write them, the people who read them and the people who bring them into the world.

## What you can do today

**Build your page:** every member gets a public profile with an about section, announcements, events and links.
**List your books:** authors and publishers can add books with covers, purchase links and free chapters.
**Find services:** editors, designers and marketers offer their skills in the marketplace.

---

**Thank you for being one of our first members.**`,
  },
  {
    title: 'Five Ways to Make Your Author Page Shine',
    author: 'Shelfmark Team',
    excerpt: 'Small changes that help readers remember you.',
    published: true,
    daysAgo: 540,
    image: true,
    content: `Your profile page is often the first place a reader meets you. A few small touches make a big difference.

## The essentials

**A clear photo:** readers connect with faces, and a friendly picture builds trust.
**A short about section:** three or four sentences about what you write and why.
**An announcement:** tell visitors what is new, whether it is a launch, a sale or an event.

### Keep your events up to date

One event per line is all it takes. Readers love knowing where they can meet you.

*"A good author page answers one question: why should I read this book next?" - A Shelfmark member*

---

Have a tip of your own? Share it with us through the contact page.`,
  },
  {
    title: 'Reading Challenge: Twelve Books, Twelve Genres',
    author: 'Jamie Okonkwo',
    excerpt: 'Step outside your comfort zone, one month at a time.',
    published: true,
    daysAgo: 330,
    image: false,
    content: `Every January our community picks a challenge. This year it is simple: read one book from a different genre every month.

## How it works

**January:** a classic you always meant to read.
**February:** a romance, even if you think you do not like romance.
**March:** a book of essays.

The full list is on the challenge page, and you can share your progress on your profile.

**Happy reading!**`,
  },
  {
    title: 'Behind the Scenes with Independent Publishers',
    author: 'Shelfmark Team',
    excerpt: 'We asked three small presses how they choose the books they publish.',
    published: true,
    daysAgo: 210,
    image: true,
    content: `Independent publishers take risks that larger houses often cannot. We talked to three of them about their work.

## Finding the right manuscript

Most small presses read every submission themselves. "We are looking for a voice we have not heard before," one editor told us.

### The long road to print

From acceptance to publication usually takes a year or more: editing, design, printing and the long work of finding readers.

*"Every book we publish is a bet on a reader we have not met yet." - An independent editor*

---

Browse the publishers in our directory to discover their catalogues.`,
  },
  {
    title: 'Free Reads: How Sharing Chapters Finds New Readers',
    author: 'Shelfmark Team',
    excerpt: null,
    published: true,
    daysAgo: 95,
    image: false,
    content: `Authors on Shelfmark can share chapters of their books for free. Here is why so many of them do.

## Why free chapters work

**Readers try before they buy:** a chapter is the best advertisement a book can have.
**It builds trust:** generous authors build loyal readers.

### Getting started

Open your book page, choose edit, and add a text section with your first chapter. That is all.`,
  },
  {
    title: 'Our Favourite Audiobooks This Autumn',
    author: 'Shelfmark Team',
    excerpt: 'Long walks, cold evenings and stories that keep you company.',
    published: true,
    daysAgo: 20,
    image: true,
    content: `Autumn is audiobook season. These are the titles our community could not stop talking about.

## Community picks

**Best narration:** a gothic mystery read by a narrator with a voice like warm tea.
**Best for commuting:** a collection of short stories, each under forty minutes.
**Best for learning:** a lively history of maps and the people who drew them.

Find them all on the Audiobooks page.`,
  },
  {
    title: 'Draft: Planning the Winter Writing Retreat',
    author: 'Shelfmark Team',
    excerpt: 'Notes for the retreat announcement.',
    published: false,
    daysAgo: 6,
    image: false,
    content: `## Retreat details

**Dates:** to be confirmed.
**Location:** a coastal cottage, eight writers.

Still to decide: workshop leaders and the reading list.`,
  },
  {
    title: 'Draft: Marketplace Safety Tips',
    author: 'Shelfmark Team',
    excerpt: null,
    published: false,
    daysAgo: 3,
    image: false,
    content: `## Buying and selling safely

**Meet in public places:** for local collections, choose a library or café.
**Use secure payment:** never send money to someone you have not checked.

---

More tips to come before we publish this.`,
  },
];

interface Issue {
  title: string;
  subtitle: string | null;
  content: string;
  published: boolean;
  sent: boolean;
  daysAgo: number;
}

const NEWSLETTERS: readonly Issue[] = [
  {
    title: 'Shelfmark Monthly: Our First Issue',
    subtitle: 'News, new members and what is coming next',
    published: true,
    sent: true,
    daysAgo: 690,
    content: `Welcome to the first Shelfmark newsletter!

## This month

1. **New members:** over a hundred authors, readers and publishers joined in our first weeks.
2. **Free reads:** you can now share chapters of your books for free.
3. **Marketplace:** editors and designers have started listing their services.

---

Thank you for reading. See you next month.`,
  },
  {
    title: 'Spring Reading Guide',
    subtitle: 'Twelve books from our community to read this season',
    published: true,
    sent: true,
    daysAgo: 420,
    content: `Spring is here, and so are new books from our members.

## Staff picks

- **A coastal mystery:** perfect for rainy afternoons.
- **A practical guide to slow living:** small habits, big changes.
- **A debut fantasy:** maps, monsters and a heroine you will root for.

### Events

Join our virtual author meetup on the first Thursday of the month.`,
  },
  {
    title: 'Holiday Special: a Promotion Code for Premium',
    subtitle: 'Unlimited books and products, with a holiday code at checkout',
    published: true,
    sent: true,
    daysAgo: 340,
    content: `For the holidays, enter code ${DEMO_PROMOTION_CODE} at checkout when you upgrade to Premium.

## What Premium gives you

1. **Unlimited books:** list your whole backlist.
2. **Unlimited products and services:** grow your marketplace presence.
3. **Featured spotlight:** a chance to appear on the home page.

**Happy holidays from the Shelfmark team!**`,
  },
  {
    title: 'Autumn Update: New Audiobooks Section',
    subtitle: 'Listen to books from our authors',
    published: true,
    sent: false,
    daysAgo: 12,
    content: `Our new Audiobooks page collects every member book with an audiobook.

## How to add yours

1. **Open your book page** and choose edit.
2. **Paste the audiobook link** into the audiobook field.
3. **Save.** Your book appears on the Audiobooks page straight away.`,
  },
  {
    title: 'Winter Newsletter (draft)',
    subtitle: null,
    published: false,
    sent: false,
    daysAgo: 2,
    content: `## Ideas for this issue

- **Reading challenge results**
- **Winter retreat announcement**
- **New marketplace categories**`,
  },
];

/** A unique slug for `title` among `taken`, which it joins. */
function claimSlug(title: string, taken: Set<string>): string {
  const slug = uniqueEditorialSlug(title, taken);
  taken.add(slug);
  return slug;
}

/** The admin's blog posts: six published (four with a header image) and two drafts. */
export function generateBlogPosts(ctx: SeedContext, admin: Member): SeedDoc[] {
  const rng = streamFor('blog_posts');
  const slugs = new Set<string>();
  return POSTS.map((post) => {
    const id = rng.autoId();
    const createdAt = daysAgo(post.daysAgo, rng.int(0, 600));
    return {
      collection: 'blog_posts' as const,
      id,
      data: {
        title: post.title,
        content: post.content,
        author: post.author,
        excerpt: post.excerpt,
        featured_image: post.image
          ? ctx.addImage(
              imageSpec('site-assets/blog', id, blogImageSvg(post.title, rng.int(0, 359)), 800, 400),
            )
          : null,
        is_published: post.published,
        created_by: admin.uid,
        created_at: createdAt,
        updated_at: createdAt,
        // Published items carry the slug the slug function would have given them.
        slug: post.published ? claimSlug(post.title, slugs) : null,
      },
    };
  });
}

/** Newsletters: three sent (with sent_at and recipient_count), one published but unsent, one draft. */
export function generateNewsletters(admin: Member, members: readonly Member[]): SeedDoc[] {
  const rng = streamFor('newsletters');
  const audience = members.filter((m) => m.active).length;
  const slugs = new Set<string>();
  return NEWSLETTERS.map((issue, i) => {
    const createdAt = daysAgo(issue.daysAgo, rng.int(0, 600));
    return {
      collection: 'newsletters' as const,
      id: rng.autoId(),
      data: {
        title: issue.title,
        subtitle: issue.subtitle,
        content: issue.content,
        is_published: issue.published,
        created_by: admin.uid,
        created_at: createdAt,
        updated_at: createdAt,
        sent_at: issue.sent ? new Date(createdAt.getTime() + 3_600_000) : null,
        // The community was smaller when the older issues went out.
        recipient_count: issue.sent ? Math.max(1, audience - (NEWSLETTERS.length - i) * 3) : null,
        slug: issue.published ? claimSlug(issue.title, slugs) : null,
      },
    };
  });
}
