// A book's derived fields (author snapshot, listing fields, visibility) as the saves
// write them and the books and profiles triggers keep them: computed from the book
// and its owner's profile, written only where they differ, and judged stale from an
// event without a read.
import { describe, expect, it, vi } from 'vitest';
import { staleDerivedFields, staleParts } from '../../../../functions/src/books/book-derived.ts';
import { listingFieldsOf } from '../../../../src/domain/books/book-listing.ts';

const OWNER = 'u1';
const profile = (overrides: Record<string, unknown> = {}) => ({
  display_name: 'Ann Author',
  page_slug: 'ann',
  is_active: true,
  approval_status: 'approved',
  ...overrides,
});
const owner = (overrides: Record<string, unknown> = {}) => ({ uid: OWNER, profile: profile(overrides) });
const book = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  user_id: OWNER,
  title: 'Tides of Salt',
  is_active: true,
  manuscript_content: [],
  ...overrides,
});

/** A book whose derived fields are all current for OWNER's profile(). */
function current(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const base = book(overrides);
  return { ...base, ...staleDerivedFields('b1', base, owner()) };
}

describe('staleDerivedFields', () => {
  it('gives a new book of an approved, active member its author, listing fields and visibility', () => {
    const fields = staleDerivedFields('b1', book(), owner());
    expect(fields).toEqual({
      author: { display_name: 'Ann Author', page_slug: 'ann' },
      ...listingFieldsOf({
        title: 'Tides of Salt',
        author: { display_name: 'Ann Author', page_slug: 'ann' },
      }),
      owner_public: true,
      is_public: true,
    });
    expect(fields.search_keywords).toEqual(expect.arrayContaining(['tides', 'salt', 'ann', 'author']));
  });

  it('returns nothing for a book that is already right (so nothing is written, and nothing loops)', () => {
    expect(staleDerivedFields('b1', current(), owner())).toEqual({});
  });

  it('hides the books of a member who is pending, denied or deactivated, or has no profile', () => {
    for (const state of [{ approval_status: 'pending' }, { approval_status: 'denied' }, { is_active: false }])
      expect(staleDerivedFields('b1', current(), owner(state))).toEqual({
        owner_public: false,
        is_public: false,
      });
    expect(staleDerivedFields('b1', current(), { uid: OWNER, profile: undefined })).toEqual({
      owner_public: false,
      is_public: false,
    });
  });

  it('keeps a deactivated or moderator-hidden book out of public view, its owner still public', () => {
    expect(staleDerivedFields('b1', { ...current(), is_active: false }, owner())).toEqual({
      is_public: false,
    });
    expect(staleDerivedFields('b1', { ...current(), moderation_hidden: true }, owner())).toEqual({
      is_public: false,
    });
  });

  it('a renamed member: the new author and the keywords that come with the name', () => {
    const fields = staleDerivedFields('b1', current(), owner({ display_name: 'Bea Writer' }));
    expect(fields.author).toEqual({ display_name: 'Bea Writer', page_slug: 'ann' });
    expect(fields.search_keywords).toEqual(expect.arrayContaining(['bea', 'writer']));
    expect(fields.search_keywords).not.toContain('ann');
    expect(fields.match_key).toBe('tides of salt|bea writer');
    expect(fields).not.toHaveProperty('is_public');
  });

  it('a malformed profile keeps the stored author and hides the book, without throwing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fields = staleDerivedFields('b1', current(), owner({ display_name: 42, approval_status: 'maybe' }));
    expect(fields).toEqual({ owner_public: false, is_public: false });
    error.mockRestore();
  });

  it('a book put in a series gets its series address with the other listing fields, in one write', () => {
    const fields = staleDerivedFields('b1', { ...current(), series: 'The Tidewater Trilogy' }, owner());
    expect(fields).toEqual({
      ...listingFieldsOf({
        title: 'Tides of Salt',
        series: 'The Tidewater Trilogy',
        author: { display_name: 'Ann Author', page_slug: 'ann' },
      }),
    });
    expect(fields.series_slug).toBe('the-tidewater-trilogy');
  });

  it('a series renamed moves the address; a series removed clears it; a book already right writes nothing', () => {
    const inSeries = current({ series: 'Tidewater', series_number: 1 });
    expect(inSeries.series_slug).toBe('tidewater');
    expect(staleDerivedFields('b1', inSeries, owner())).toEqual({});
    expect(staleDerivedFields('b1', { ...inSeries, series: 'Salt Roads' }, owner())).toMatchObject({
      series_slug: 'salt-roads',
    });
    expect(staleDerivedFields('b1', { ...inSeries, series: null }, owner())).toMatchObject({
      series_slug: null,
    });
    // A book stored before series existed (no series_slug at all) is current.
    const { series_slug: _none, ...older } = current();
    expect(staleDerivedFields('b1', older, owner())).toEqual({});
  });

  it('computes only the parts asked for', () => {
    const parts = { author: false, listing: true, visibility: false };
    expect(staleDerivedFields('b1', book(), owner(), parts)).toEqual(
      listingFieldsOf({ title: 'Tides of Salt' }),
    );
  });
});

describe('staleParts (judged from the event, without a read)', () => {
  it('nothing for a book whose fields are current, nor for a deleted one', () => {
    expect(staleParts('b1', current(), current({ description: 'Edited' }))).toBeUndefined();
    expect(staleParts('b1', current(), undefined)).toBeUndefined();
  });

  it('a book created without its derived fields needs every part', () => {
    expect(staleParts('b1', undefined, book())).toEqual({ author: true, listing: true, visibility: true });
  });

  it('a new title needs its listing fields only', () => {
    expect(staleParts('b1', current(), { ...current(), title: 'Other Seas' })).toEqual({
      author: false,
      listing: true,
      visibility: false,
    });
  });

  it('a book stored before the match key (no match_key at all) needs its listing fields, and gets the key', () => {
    const { match_key: _absent, ...older } = current();
    expect(staleParts('b1', older, { ...older, description: 'Edited' })).toEqual({
      author: false,
      listing: true,
      visibility: false,
    });
    expect(staleDerivedFields('b1', older, owner())).toEqual(
      listingFieldsOf({ title: 'Tides of Salt', author: { display_name: 'Ann Author', page_slug: 'ann' } }),
    );
    expect(current().match_key).toBe('tides of salt|ann author');
  });

  it('a new series needs its listing fields only', () => {
    expect(staleParts('b1', current(), { ...current(), series: 'Tidewater' })).toEqual({
      author: false,
      listing: true,
      visibility: false,
    });
  });

  it('deactivating a book needs its visibility; a book moved to another member needs all', () => {
    expect(staleParts('b1', current(), { ...current(), is_active: false })).toEqual({
      author: false,
      listing: false,
      visibility: true,
    });
    expect(staleParts('b1', current(), { ...current(), user_id: 'u2' })).toEqual({
      author: true,
      listing: true,
      visibility: true,
    });
  });
});
