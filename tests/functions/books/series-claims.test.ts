// A series belongs to the author who named it first (issue 51, item 7), on the
// emulators. The attack: author B saves books "in" author A's series through
// saveBook (saveProfile refuses books), under A's spelling and under case and
// diacritics variants that give the same slug, to crowd A's page and rename it.
// A's page (the page's own data read, getSeriesPage) lists only A's books under
// A's spelling; B's books are on B's own page of that address
// (/series/{slug}/by/{uid}), which is where their series line points; the sitemap
// lists both. A claim whose holder has left the series goes to the next author.
import { Timestamp } from 'firebase-admin/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { getAuthorSeriesBooks, getSeriesPage } from '../../../src/data/server/books/series';
import { getSeriesEntries } from '../../../src/data/server/site/sitemap';
import { seriesLine, seriesName, seriesShelves } from '../../../src/domain/books/series';
import type { SaveItemResponse } from '../../../src/domain/items/item-save';
import { SAVE_PROFILE_MESSAGES, type SaveProfileResponse } from '../../../src/domain/accounts/profile-edit';
import { adminDb, clearFirestore } from '../helpers/emulator';
import { callAs, makeMember, type Member } from '../helpers/profile-members';

const db = adminDb();

const NAME = 'The Tidewater Chronicles';
const SLUG = 'the-tidewater-chronicles';

const saveBook = (member: Member, data: Record<string, unknown>) =>
  callAs<SaveItemResponse>('saveBook', member, data);

async function addBook(member: Member, title: string, series: string | null, number: number | null = null) {
  const saved = await saveBook(member, { book: { title, series, series_number: number } });
  expect(saved.error).toBeUndefined();
  return saved.result!.id;
}

async function claimOf(slug: string) {
  return (await db.doc(`series_claims/${slug}`).get()).data();
}

async function pageOf(slug: string) {
  const page = await getSeriesPage(slug, db);
  const shelves = seriesShelves(page.books);
  return { ownerUid: page.ownerUid, ids: page.books.map((b) => b.id).sort(), name: seriesName(shelves) };
}

let authorA: Member;
let authorB: Member;
let booksA: string[];

beforeEach(async () => {
  await clearFirestore();
  // Premium, so the plan's three books do not stop either.
  [authorA, authorB] = await Promise.all([
    makeMember({ profile: { subscription_status: 'premium' } }),
    makeMember({ profile: { subscription_status: 'premium' } }),
  ]);
  booksA = [];
  for (const n of [1, 2, 3]) booksA.push(await addBook(authorA, `Tides ${n}`, NAME, n));
});

describe('a series belongs to the author who named it first', () => {
  it('claims the series for its first author, once', async () => {
    expect(await claimOf(SLUG)).toEqual({ user_id: authorA.uid, claimed_at: expect.any(Timestamp) });
    const page = await pageOf(SLUG);
    expect(page).toEqual({ ownerUid: authorA.uid, ids: [...booksA].sort(), name: NAME });
  });

  it("keeps B's books, under A's spelling or a variant of the same slug, off A's page and A's name on it", async () => {
    const variants = [
      'the tidewater chronicles',
      'THÉ TÎDEWATER CHRONICLES!',
      NAME,
      'Thé Tidewater Chroniclés',
    ];
    const booksB: string[] = [];
    for (const [i, series] of variants.entries())
      booksB.push(await addBook(authorB, `Crowd ${i}`, series, i + 1));
    // A book of B's in another series, renamed into A's.
    const moved = await addBook(authorB, 'Moved in', 'Salt Roads', 1);
    expect(
      (
        await saveBook(authorB, {
          bookId: moved,
          book: { title: 'Moved in', series: 'the-tidewater-chronicles' },
        })
      ).error,
    ).toBeUndefined();
    booksB.push(moved);
    // saveProfile is no second door: it refuses books outright.
    const profile = await callAs<SaveProfileResponse>('saveProfile', authorB, {
      userId: authorB.uid,
      expectedUpdatedAt: null,
      books: {
        create: [{ title: 'Crowd by profile', series: 'The TIDEWATER Chronicles', series_number: 9 }],
      },
    });
    expect(profile.error).toEqual({ status: 'INVALID_ARGUMENT', message: SAVE_PROFILE_MESSAGES.noBooks });
    expect((await db.collection('books').where('user_id', '==', authorB.uid).get()).size).toBe(booksB.length);

    const stored = await Promise.all(booksB.map((id) => db.doc(`books/${id}`).get()));
    for (const snap of stored) expect(snap.get('series_slug')).toBe(SLUG);
    expect(stored.every((snap) => snap.get('is_public') === true)).toBe(true);

    // A's page: A's books only, under A's spelling; the claim is A's still.
    expect(await pageOf(SLUG)).toEqual({ ownerUid: authorA.uid, ids: [...booksA].sort(), name: NAME });
    expect((await claimOf(SLUG))?.user_id).toBe(authorA.uid);

    // B's books are on B's own page of that address, and their series line says so.
    const own = await getAuthorSeriesBooks(SLUG, authorB.uid, db);
    expect(own.map((b) => b.id).sort()).toEqual([...booksB].sort());
    const line = seriesLine(own[0]!, authorA.uid);
    expect(line?.path).toBe(`/series/${SLUG}/by/${authorB.uid}`);
    expect(seriesLine({ ...own[0]!, user_id: authorA.uid }, authorA.uid)?.path).toBe(`/series/${SLUG}`);

    // The sitemap lists A's page and B's, each once.
    const paths = (await getSeriesEntries(db)).map((entry) => entry.path);
    expect(paths.filter((path) => path.startsWith(`/series/${SLUG}`)).sort()).toEqual(
      [`/series/${SLUG}`, `/series/${SLUG}/by/${authorB.uid}`].sort(),
    );
  });

  it('a series its owner has left goes to the next author who moves a book into it', async () => {
    const b1 = await addBook(authorB, 'Second wave', NAME, 1);
    expect((await claimOf(SLUG))?.user_id).toBe(authorA.uid);
    // A moves every book out of the series: the claim stays until someone else needs it.
    for (const id of booksA)
      expect(
        (
          await saveBook(authorA, {
            bookId: id,
            book: { title: 'Elsewhere', series: null, series_number: null },
          })
        ).error,
      ).toBeUndefined();
    expect((await claimOf(SLUG))?.user_id).toBe(authorA.uid);
    expect((await pageOf(SLUG)).ids).toEqual([]);

    const b2 = await addBook(authorB, 'Third wave', NAME, 2);
    expect((await claimOf(SLUG))?.user_id).toBe(authorB.uid);
    expect(await pageOf(SLUG)).toEqual({ ownerUid: authorB.uid, ids: [b1, b2].sort(), name: NAME });

    // A coming back is now the second author: A's book goes to A's own page.
    const back = await addBook(authorA, 'Return', NAME, 5);
    expect((await claimOf(SLUG))?.user_id).toBe(authorB.uid);
    expect((await pageOf(SLUG)).ids).not.toContain(back);
  });
});
