// The librarians' rules without Firestore: who may curate, how a typed book is read,
// which entry wins when a reader has both books, what a merge makes of the kept
// book's editions, and how a split picks editions.
import { describe, expect, it } from 'vitest';
import {
  CURATION_MESSAGES,
  bookIdOf,
  canCurateCatalogue,
  catalogueBookEditSchema,
  curateCatalogueRequestSchema,
  editedBookFields,
  mergedBookFields,
  planPlacement,
  planReview,
  planShelf,
  splitEditions,
  tombstoneFields,
} from '../../../../src/domain/admin/catalogue-curation';
import type { CatalogueBookEdition } from '../../../../src/domain/books/catalogue-book';

const edition = (isbn: string | null, extra: Partial<CatalogueBookEdition> = {}): CatalogueBookEdition => ({
  source_id: null,
  isbn,
  format: null,
  publisher: null,
  publication_date: null,
  publication_year: null,
  pages: null,
  language: null,
  ...extra,
});

describe('canCurateCatalogue', () => {
  it('lets admins and librarians in good standing curate, nobody else', () => {
    expect(canCurateCatalogue({ admin: true, member: false, librarian: false })).toBe(true);
    expect(canCurateCatalogue({ admin: false, member: true, librarian: true })).toBe(true);
    expect(canCurateCatalogue({ admin: false, member: true, librarian: false })).toBe(false);
    // A librarian whose account is deactivated or unapproved loses the tools at once.
    expect(canCurateCatalogue({ admin: false, member: false, librarian: true })).toBe(false);
  });
});

describe('bookIdOf', () => {
  it('reads an id, a page path or a full address', () => {
    expect(bookIdOf('abc123')).toBe('abc123');
    expect(bookIdOf('/book/abc123')).toBe('abc123');
    expect(bookIdOf('https://shelfmark.example/book/abc_1-2?reviews_after=x#r')).toBe('abc_1-2');
    expect(bookIdOf('  http://localhost:4321/book/xyz/  ')).toBe('xyz');
  });
  it('refuses what names no book', () => {
    expect(bookIdOf('a b')).toBeNull();
    expect(bookIdOf('https://shelfmark.example/authors/jane')).toBeNull();
  });
  it('gives the merge request a clear message', () => {
    const bad = curateCatalogueRequestSchema.safeParse({
      action: 'merge',
      keepId: 'a',
      mergeId: 'not a book',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(CURATION_MESSAGES.notABook);
    const empty = curateCatalogueRequestSchema.safeParse({ action: 'merge', keepId: ' ', mergeId: 'b' });
    expect(empty.error?.issues[0]?.message).toBe(CURATION_MESSAGES.bookRequired);
  });
});

describe('a reader holding both books', () => {
  it('keeps the further-along shelf, the kept book’s on a tie', () => {
    expect(planShelf({ shelf: 'read' }, undefined)).toBe('move');
    expect(planShelf({ shelf: 'read' }, { shelf: 'want-to-read' })).toBe('replace');
    expect(planShelf({ shelf: 'reading' }, { shelf: 'read' })).toBe('drop');
    expect(planShelf({ shelf: 'reading' }, { shelf: 'reading' })).toBe('drop');
  });
  it('keeps the newer review', () => {
    expect(planReview({ savedAt: 5 }, undefined)).toBe('move');
    expect(planReview({ savedAt: 5 }, { savedAt: 3 })).toBe('replace');
    expect(planReview({ savedAt: 3 }, { savedAt: 5 })).toBe('drop');
    expect(planReview({ savedAt: 5 }, { savedAt: 5 })).toBe('drop');
  });
  it('places the book on a custom shelf once', () => {
    expect(planPlacement(false)).toBe('move');
    expect(planPlacement(true)).toBe('drop');
  });
});

describe('mergedBookFields', () => {
  const kept = {
    editions: [edition('9780306406157', { publication_year: 1990 })],
    subjects: ['Sea'],
    first_published: 1990,
    description: null,
    cover_image: null,
    has_readers: false,
  };
  it('adds the other book’s editions once each, with subjects, the earliest year, a description and cover', () => {
    const fields = mergedBookFields(kept, {
      editions: [
        edition('9780306406157'),
        edition('9781861972712', { publication_year: 1950 }),
        edition(null),
      ],
      subjects: ['Sea', 'Ships'],
      first_published: 1950,
      description: 'A voyage.',
      cover_image: '/media/x.webp',
      has_readers: true,
    });
    expect(fields?.editions.map((e) => e.isbn)).toEqual(['9780306406157', '9781861972712', null]);
    expect(fields).toMatchObject({
      subjects: ['Sea', 'Ships'],
      first_published: 1950,
      isbn: '9780306406157',
      description: 'A voyage.',
      cover_image: '/media/x.webp',
      // The merged book's readers came along, so the sitemap keeps listing the kept one.
      has_readers: true,
    });
  });
  it('refuses a merge past the editions’ limit rather than lose editions', () => {
    const many = Array.from({ length: 50 }, (_, i) => edition(null, { source_id: `OL${i}M` }));
    expect(mergedBookFields(kept, { ...kept, editions: many })).toBeNull();
  });
  it('leaves a tombstone out of every list', () => {
    expect(tombstoneFields('keep')).toMatchObject({
      merged_into: 'keep',
      is_active: false,
      editions: [],
      search_keywords: [],
      author_slugs: [],
    });
  });
});

describe('editing', () => {
  it('reads typed lists and years, and recomputes the derived fields', () => {
    const edit = catalogueBookEditSchema.parse({
      title: ' The Count of Monte Cristo ',
      authors: 'Alexandre Dumas\nAuguste Maquet\n',
      description: '',
      subjects: 'Revenge, Prison, Revenge',
      first_published: '1844',
      editions: [{ format: 'Paperback', publisher: '', publication_year: '1996', pages: '1276' }],
    });
    const fields = editedBookFields(
      {
        authors: [{ name: 'Alexandre Dumas', source_id: 'OL1A' }],
        editions: [edition('9780140449266', { publication_date: '2003-05-27' })],
      },
      edit,
    );
    expect(fields).toMatchObject({
      title: 'The Count of Monte Cristo',
      authors: [
        { name: 'Alexandre Dumas', source_id: 'OL1A' },
        { name: 'Auguste Maquet', source_id: null },
      ],
      description: null,
      subjects: ['Revenge', 'Prison'],
      first_published: 1844,
      author_slugs: ['alexandre-dumas', 'auguste-maquet'],
    });
    // The ISBN stays; a whole date that disagrees with the corrected year goes.
    expect(fields.editions[0]).toMatchObject({
      isbn: '9780140449266',
      format: 'Paperback',
      publisher: null,
      publication_year: 1996,
      publication_date: null,
      pages: 1276,
    });
    expect(fields.search_keywords.length).toBeGreaterThan(0);
    expect(fields.match_key).toBeTruthy();
  });
  it('says what is wrong', () => {
    const bad = catalogueBookEditSchema.safeParse({
      title: '',
      authors: ' ',
      description: null,
      subjects: '',
      first_published: '18',
    });
    const messages = bad.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        CURATION_MESSAGES.titleRequired,
        CURATION_MESSAGES.authorRequired,
        CURATION_MESSAGES.yearInvalid,
      ]),
    );
  });
});

describe('splitEditions', () => {
  const editions = [edition('9780306406157'), edition('9781861972712'), edition(null)];
  it('moves the picked editions and keeps the rest', () => {
    expect(splitEditions(editions, [1, 2], 3)).toEqual({
      moved: editions.slice(1),
      kept: editions.slice(0, 1),
    });
  });
  it('refuses a split that would move none, all, an unknown one, or of a changed book', () => {
    expect(splitEditions(editions, [], 3)).toEqual({ error: CURATION_MESSAGES.pickEditions });
    expect(splitEditions(editions, [0, 1, 2], 3)).toEqual({ error: CURATION_MESSAGES.keepOneEdition });
    expect(splitEditions(editions, [5], 3)).toEqual({ error: CURATION_MESSAGES.noSuchEdition });
    expect(splitEditions(editions, [0], 2)).toEqual({ error: CURATION_MESSAGES.editionsChanged });
  });
});
