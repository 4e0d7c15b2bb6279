// @vitest-environment jsdom
// The book page's panel while ratings and reviews are switched off: a member who
// shelved or rated the book can still take it off the shelf and delete the
// review (confirmed first); a member with neither, or a visitor, sees nothing;
// a failed removal says so and keeps the entry.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_MESSAGES } from '../../../../src/domain/reviews/review';
import { SHELF_MESSAGES } from '../../../../src/domain/shelves/shelf';
import { settle, useMounted } from '../../helpers/render';

const auth = vi.hoisted(() => ({ currentAccount: vi.fn() }));
vi.mock('../../../../src/data/client/shared/auth.ts', () => auth);
const shelves = vi.hoisted(() => ({ getOwnShelf: vi.fn(), setShelf: vi.fn() }));
vi.mock('../../../../src/data/client/shelves/shelves.ts', () => shelves);
const reviews = vi.hoisted(() => ({ getOwnReview: vi.fn(), deleteReview: vi.fn() }));
vi.mock('../../../../src/data/client/reviews/reviews.ts', () => reviews);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: OwnReadingEntries } = await import('../../../../src/islands/reviews/OwnReadingEntries');

const show = useMounted();
afterEach(() => {
  for (const mock of [auth.currentAccount, shelves.getOwnShelf, shelves.setShelf, reviews.getOwnReview])
    mock.mockReset();
  reviews.deleteReview.mockReset();
  showToast.mockReset();
});

const panel = () => document.querySelector<HTMLElement>('[data-own-entries]');
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) as
    HTMLButtonElement | undefined;
async function click(target: HTMLElement) {
  await settle(() => target.click());
  await settle();
}

async function showFor(shelf: string | null, rating: number | null) {
  auth.currentAccount.mockResolvedValue({ uid: 'u1' });
  shelves.getOwnShelf.mockResolvedValue(shelf);
  reviews.getOwnReview.mockResolvedValue(rating === null ? null : { rating, moderation: 'published' });
  await show(createElement(OwnReadingEntries, { bookId: 'b1' }));
  await settle();
}

describe('OwnReadingEntries', () => {
  it("shows the member's shelf and rating, and takes the book off the shelf", async () => {
    await showFor('reading', 4);
    expect(shelves.getOwnShelf).toHaveBeenCalledWith('b1', 'u1');
    expect(panel()!.textContent).toContain('This book is on your ‘Reading’ shelf.');
    expect(panel()!.textContent).toContain('You rated this book 4 stars.');
    shelves.setShelf.mockResolvedValue({ ok: true, data: { shelf: null } });
    await click(button('Remove from my shelves')!);
    expect(shelves.setShelf).toHaveBeenCalledWith('b1', null);
    expect(showToast).toHaveBeenCalledWith({ title: 'Removed from your shelves' });
    expect(panel()!.textContent).not.toContain('shelf.');
    expect(button('Delete review')).toBeDefined();
  });

  it('deletes the review after asking, and leaves nothing once both are gone', async () => {
    await showFor(null, 1);
    expect(panel()!.textContent).toContain('You rated this book 1 star.');
    await click(button('Delete review')!);
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Delete your review?');
    expect(reviews.deleteReview).not.toHaveBeenCalled();
    reviews.deleteReview.mockResolvedValue({ ok: true, data: { id: 'b1__u1' } });
    await click([...dialog.querySelectorAll('button')].find((b) => b.textContent === 'Delete review')!);
    expect(reviews.deleteReview).toHaveBeenCalledWith('b1');
    expect(showToast).toHaveBeenCalledWith({ title: REVIEW_MESSAGES.deleted });
    expect(panel()).toBeNull();
  });

  it('keeps the entry and says so when the removal fails', async () => {
    await showFor('read', null);
    shelves.setShelf.mockResolvedValue({ ok: false, code: 'unavailable', message: 'offline' });
    await click(button('Remove from my shelves')!);
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error',
      description: SHELF_MESSAGES.failed,
      variant: 'destructive',
    });
    expect(panel()!.textContent).toContain('This book is on your ‘Read’ shelf.');
  });

  it('shows nothing to a member with neither, nor to a visitor', async () => {
    await showFor(null, null);
    expect(panel()).toBeNull();
    auth.currentAccount.mockResolvedValue(null);
    await show(createElement(OwnReadingEntries, { bookId: 'b2' }));
    await settle();
    expect(panel()).toBeNull();
    expect(shelves.getOwnShelf).toHaveBeenCalledTimes(1);
  });
});
