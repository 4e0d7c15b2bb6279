// Demo shelves of one's own (src/domain/shelves/custom-shelf.ts), as
// editCustomShelf and placeOnCustomShelf would have written them: the demo
// author (margot-ellery) keeps 'Favourites' with enough books for its page to
// need Load more (the bench's shelf page) and 'Signed copies', and a few of the
// shelving members keep two or three shelves holding some of their shelved books.
import {
  CUSTOM_SHELF_BOOKS,
  CUSTOM_SHELVES,
  customShelfBookId,
  customShelfSlug,
  SHELF_PAGE_SIZE,
} from '../../src/domain/shelves/custom-shelf.ts';
import { dateAfter, REFERENCE_DATE, streamFor, type SeedDoc } from './context.ts';
import type { SeedBook } from './books.ts';
import type { Member } from './members.ts';

/** The demo author's page slug. */
const DEMO_AUTHOR = 'margot-ellery';
/** Names the other members' shelves take. */
const NAMES = ['Beach reads', 'Book club', 'Comfort reads', 'Owned', 'Lent to friends', 'Re-read soon'];
/** How many shelving members keep shelves besides the demo author. */
const KEEPERS = 3;

/** The custom shelves and their books. */
export function generateCustomShelves(
  members: readonly Member[],
  books: readonly SeedBook[],
  shelfEntries: readonly SeedDoc[],
): SeedDoc[] {
  const rng = streamFor('custom-shelves');
  const docs: SeedDoc[] = [];
  const byId = new Map(books.map((book) => [book.id, book]));
  const publicBooks = books.filter((book) => book.doc.data.is_public === true);
  const privateShelves = new Set(
    shelfEntries.filter((doc) => doc.collection === 'shelf_settings').map((doc) => doc.id),
  );
  const shelve = (member: Member, names: readonly string[], picks: (index: number) => SeedBook[]) =>
    names.forEach((name, position) => {
      const id = `cs${member.uid.slice(0, 10)}${position}`;
      const placed = picks(position);
      const createdAt = dateAfter(rng, member.createdAt, 60);
      docs.push({
        collection: CUSTOM_SHELVES,
        id,
        data: {
          user_id: member.uid,
          name,
          slug: customShelfSlug(name),
          position,
          book_count: placed.length,
          created_at: createdAt,
          updated_at: REFERENCE_DATE,
        },
      });
      for (const book of placed)
        docs.push({
          collection: CUSTOM_SHELF_BOOKS,
          id: customShelfBookId(id, book.id),
          data: {
            shelf_id: id,
            user_id: member.uid,
            book_id: book.id,
            book_title: book.title,
            book_public: true,
            added_at: dateAfter(rng, book.createdAt > createdAt ? book.createdAt : createdAt, 90),
          },
        });
    });

  const author = members.find((member) => member.profile.page_slug === DEMO_AUTHOR);
  if (author) {
    const others = publicBooks.filter((book) => book.userId !== author.uid);
    shelve(author, ['Favourites', 'Signed copies'], (index) =>
      rng.sample(others, index === 0 ? Math.min(others.length, SHELF_PAGE_SIZE + 6) : 4),
    );
  }
  const shelvers = [
    ...new Set(
      shelfEntries.filter((doc) => doc.collection === 'book_shelves').map((doc) => String(doc.data.user_id)),
    ),
  ]
    .filter((uid) => uid !== author?.uid && !privateShelves.has(uid))
    .slice(0, KEEPERS);
  for (const uid of shelvers) {
    const member = members.find((candidate) => candidate.uid === uid);
    if (!member) continue;
    const own = shelfEntries
      .filter(
        (doc) =>
          doc.collection === 'book_shelves' && doc.data.user_id === uid && doc.data.book_public === true,
      )
      .flatMap((doc) => byId.get(String(doc.data.book_id)) ?? []);
    const names = rng.sample(NAMES, rng.int(2, 3));
    shelve(member, names, () => rng.sample(own, Math.min(own.length, rng.int(1, 3))));
  }
  return docs;
}
