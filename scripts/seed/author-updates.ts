// Demo author updates: the demo author and the demo publisher have posted a few
// updates to their followers (one about a book of theirs, with its title stored
// as postAuthorUpdate stores it), and the first generated author one, so the
// profiles' Updates sections and feeds have something to show. Each is within
// what the member's plan allows in its window.
import { AUTHOR_UPDATES } from '../../src/domain/updates/author-update.ts';
import { daysAgo, type SeedDoc } from './context.ts';
import type { SeedBook } from './books.ts';
import type { Member } from './members.ts';

interface DemoUpdate {
  title: string;
  body: string;
  /** Whether it is about the author's newest public book. */
  aboutBook: boolean;
  daysAgo: number;
}

const UPDATES: Record<string, readonly DemoUpdate[]> = {
  'demo-author': [
    {
      title: 'The sequel has a cover',
      body: 'After months of sketches the cover is **final**, and I could not be happier.\n\nThank you for waiting so patiently.',
      aboutBook: true,
      daysAgo: 3,
    },
    {
      title: 'Spring reading tour',
      body: 'I will be reading in three towns this spring.\n\n**Where:** libraries and one lovely bookshop\n**When:** dates on my events list',
      aboutBook: false,
      daysAgo: 20,
    },
    {
      title: 'Writing again',
      body: 'The first chapter of the next book is drafted. Slow going, but going.',
      aboutBook: false,
      daysAgo: 45,
    },
  ],
  'demo-publisher': [
    {
      title: 'Submissions open in March',
      body: 'We are reading debut novels again from the first of March.\n\n**Send:** a synopsis and the first three chapters',
      aboutBook: false,
      daysAgo: 6,
    },
    {
      title: 'Out this month',
      body: 'A book we are **very** proud of is in the shops this month.',
      aboutBook: true,
      daysAgo: 27,
    },
  ],
};

const FIRST_AUTHOR_UPDATES: readonly DemoUpdate[] = [
  {
    title: 'Thank you, readers',
    body: 'Thank you for following along. I read every message you send.',
    aboutBook: false,
    daysAgo: 9,
  },
  {
    title: 'A free chapter',
    body: 'The first chapter of my newest book is free to read on its page.',
    aboutBook: true,
    daysAgo: 33,
  },
];

/** The update documents, deterministic. */
export function generateAuthorUpdates(members: readonly Member[], books: readonly SeedBook[]): SeedDoc[] {
  const firstAuthor = members.find(
    (m) =>
      m.uid.startsWith('member-') && m.category === 'Book Author' && m.approval === 'approved' && m.active,
  );
  const plans: Array<[string, readonly DemoUpdate[]]> = [
    ...Object.entries(UPDATES),
    ...(firstAuthor ? [[firstAuthor.uid, FIRST_AUTHOR_UPDATES] as [string, readonly DemoUpdate[]]] : []),
  ];
  return plans.flatMap(([uid, updates]) => {
    const book = books
      .filter((b) => b.userId === uid && b.doc.data.is_public === true)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return updates.map((update, i): SeedDoc => ({
      collection: AUTHOR_UPDATES,
      id: `${uid}-update-${i + 1}`,
      data: {
        user_id: uid,
        title: update.title,
        body: update.body,
        book: update.aboutBook && book ? { id: book.id, title: book.title } : null,
        moderation_hidden: false,
        created_at: daysAgo(update.daysAgo, 90 * i),
      },
    }));
  });
}
