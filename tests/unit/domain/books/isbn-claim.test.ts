// An ISBN names one book (src/domain/books/isbn-claim.ts): what a save does to the
// claims (take, keep, refuse, release), when a claim counts as free, and which
// book keeps a shared ISBN when the claims are first written (backfill, seed).
import { describe, expect, it } from 'vitest';
import {
  claimHolds,
  isbnClaimSchema,
  isbnsOf,
  missingClaims,
  planIsbnClaims,
  type ClaimBook,
} from '../../../../src/domain/books/isbn-claim';
import { adminIsbnClaimsRequestSchema } from '../../../../src/domain/admin/admin-isbn-claims';
import { ISBN_MESSAGES } from '../../../../src/domain/books/isbn';

const A = '9780306406157';
const B = '9781861972712';

function state(
  claims: Record<string, { book_id: string; user_id: string }>,
  books: Record<string, ClaimBook>,
) {
  return { claims: new Map(Object.entries(claims)), books: new Map(Object.entries(books)) };
}

describe('claimHolds', () => {
  it('holds only while the claim’s book exists and carries the ISBN', () => {
    expect(claimHolds(A, { book_id: 'b1' }, { isbn: A })).toBe(true);
    expect(claimHolds(A, { book_id: 'b1' }, undefined)).toBe(false);
    expect(claimHolds(A, { book_id: 'b1' }, { isbn: B })).toBe(false);
    expect(claimHolds(A, { book_id: 'b1' }, { isbn: null })).toBe(false);
    expect(claimHolds(A, undefined, { isbn: A })).toBe(false);
  });
});

describe('planIsbnClaims', () => {
  it('lets a new book take a free ISBN', () => {
    const plan = planIsbnClaims([{ bookId: 'b2', userId: 'u2', before: null, after: A }], state({}, {}));
    expect(plan).toEqual({ refused: [], take: [{ isbn: A, bookId: 'b2', userId: 'u2' }], release: [] });
  });

  it('refuses a second book the ISBN another book holds (the attack), and writes nothing', () => {
    const held = state({ [A]: { book_id: 'b1', user_id: 'u1' } }, { b1: { isbn: A } });
    expect(planIsbnClaims([{ bookId: 'b2', userId: 'u2', before: null, after: A }], held)).toEqual({
      refused: [0],
      take: [],
      release: [],
    });
    // An existing book changing to it, too.
    expect(planIsbnClaims([{ bookId: 'b3', userId: 'u2', before: B, after: A }], held).refused).toEqual([0]);
  });

  it('keeps a held claim without a write when the book keeps its ISBN', () => {
    const held = state({ [A]: { book_id: 'b1', user_id: 'u1' } }, { b1: { isbn: A } });
    expect(planIsbnClaims([{ bookId: 'b1', userId: 'u1', before: A, after: A }], held)).toEqual({
      refused: [],
      take: [],
      release: [],
    });
  });

  it('counts a claim whose book is gone or carries another ISBN as free', () => {
    const gone = state({ [A]: { book_id: 'b1', user_id: 'u1' } }, {});
    expect(planIsbnClaims([{ bookId: 'b2', userId: 'u2', before: null, after: A }], gone).take).toEqual([
      { isbn: A, bookId: 'b2', userId: 'u2' },
    ]);
    const moved = state({ [A]: { book_id: 'b1', user_id: 'u1' } }, { b1: { isbn: B } });
    expect(planIsbnClaims([{ bookId: 'b2', userId: 'u2', before: null, after: A }], moved).refused).toEqual(
      [],
    );
  });

  it('releases the old claim and takes the new one when a book changes its ISBN; clearing releases it', () => {
    const held = state({ [A]: { book_id: 'b1', user_id: 'u1' } }, { b1: { isbn: A } });
    expect(planIsbnClaims([{ bookId: 'b1', userId: 'u1', before: A, after: B }], held)).toEqual({
      refused: [],
      take: [{ isbn: B, bookId: 'b1', userId: 'u1' }],
      release: [A],
    });
    expect(planIsbnClaims([{ bookId: 'b1', userId: 'u1', before: A, after: null }], held)).toEqual({
      refused: [],
      take: [],
      release: [A],
    });
  });

  it('never releases a claim another book holds', () => {
    // b2 carried A before the claims; b1 holds it.
    const held = state({ [A]: { book_id: 'b1', user_id: 'u1' } }, { b1: { isbn: A } });
    expect(planIsbnClaims([{ bookId: 'b2', userId: 'u2', before: A, after: null }], held).release).toEqual(
      [],
    );
  });

  it('refuses a book stored before the claims whose ISBN the older book holds', () => {
    const held = state({ [A]: { book_id: 'b1', user_id: 'u1' } }, { b1: { isbn: A } });
    expect(planIsbnClaims([{ bookId: 'b2', userId: 'u2', before: A, after: A }], held).refused).toEqual([0]);
  });

  it('lets only the first of two books in one save take an ISBN', () => {
    const plan = planIsbnClaims(
      [
        { bookId: 'n1', userId: 'u1', before: null, after: A },
        { bookId: 'n2', userId: 'u1', before: null, after: A },
      ],
      state({}, {}),
    );
    expect(plan.refused).toEqual([1]);
  });

  it('reads each ISBN once', () => {
    expect(
      isbnsOf([
        { bookId: 'b1', userId: 'u', before: A, after: B },
        { bookId: 'b2', userId: 'u', before: null, after: A },
        { bookId: 'b3', userId: 'u', before: null, after: null },
      ]),
    ).toEqual([A, B]);
  });
});

describe('missingClaims (backfill and seed)', () => {
  const day = (d: number) => new Date(Date.UTC(2025, 0, d));
  const books = [
    { id: 'young', user_id: 'u2', isbn: A, created_at: day(5) },
    { id: 'old', user_id: 'u1', isbn: A, created_at: day(1) },
    { id: 'other', user_id: 'u3', isbn: B, created_at: day(3) },
    { id: 'bare', user_id: 'u3', isbn: null, created_at: day(2) },
  ];

  it('gives each ISBN to the oldest book carrying it, claimed when that book was created', () => {
    expect(missingClaims(books)).toEqual([
      { id: A, book_id: 'old', user_id: 'u1', claimed_at: day(1) },
      { id: B, book_id: 'other', user_id: 'u3', claimed_at: day(3) },
    ]);
  });

  it('breaks a tie of creation times by the smaller id', () => {
    const tied = [
      { id: 'b', user_id: 'u2', isbn: A, created_at: day(1) },
      { id: 'a', user_id: 'u1', isbn: A, created_at: day(1) },
    ];
    expect(missingClaims(tied)[0]?.book_id).toBe('a');
  });

  it('is idempotent: a claim that holds is kept, even by a younger book, and a stale one is replaced', () => {
    const done = new Map(missingClaims(books).map((claim) => [claim.id, claim]));
    expect(missingClaims(books, done)).toEqual([]);
    // An admin gave A to the younger book (the older lost it): kept.
    const moved = books.map((book) => (book.id === 'old' ? { ...book, isbn: null } : book));
    expect(
      missingClaims(
        moved,
        new Map([
          [A, { book_id: 'young' }],
          [B, { book_id: 'other' }],
        ]),
      ),
    ).toEqual([]);
    // A claim of a deleted book counts as free.
    const stale = new Map([
      [A, { book_id: 'deleted' }],
      [B, { book_id: 'other' }],
    ]);
    expect(missingClaims(books, stale)).toEqual([
      { id: A, book_id: 'old', user_id: 'u1', claimed_at: day(1) },
    ]);
  });

  it('writes claims the schema accepts', () => {
    for (const claim of missingClaims(books)) expect(isbnClaimSchema.parse(claim)).toEqual(claim);
  });
});

describe('adminIsbnClaims requests', () => {
  it('read a typed ISBN-10 or -13 as its ISBN-13 and refuse a bad one with the ISBN’s message', () => {
    expect(adminIsbnClaimsRequestSchema.parse({ action: 'lookup', isbn: '0-306-40615-2' })).toEqual({
      action: 'lookup',
      isbn: A,
    });
    expect(
      adminIsbnClaimsRequestSchema.parse({ action: 'move', isbn: '978-0-306-40615-7', bookId: ' b1 ' }),
    ).toEqual({ action: 'move', isbn: A, bookId: 'b1' });
    const bad = adminIsbnClaimsRequestSchema.safeParse({ action: 'lookup', isbn: '9780306406158' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(ISBN_MESSAGES.checkDigit);
    expect(adminIsbnClaimsRequestSchema.safeParse({ action: 'move', isbn: A, bookId: 'a/b' }).success).toBe(
      false,
    );
  });
});
