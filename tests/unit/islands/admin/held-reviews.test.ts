// @vitest-environment jsdom
// The Reports section's held reviews: loading, failed and empty states, the count
// of waiting reviews, each review with its book and writer; Release sends the
// optional reason, Reject needs one and asks first; a decided review leaves the
// list, which loads again; a review decided elsewhere says so.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELD_REVIEW_MESSAGES, type HeldReviewEntry } from '../../../../src/domain/admin/admin-held-reviews';
import { deferred, settle, type Mounted, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ loadHeldReviews: vi.fn(), decideHeldReview: vi.fn() }));
vi.mock('../../../../src/data/client/admin/admin-held-reviews.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: HeldReviews } = await import('../../../../src/islands/admin/HeldReviews');

function entry(n: number, extra: Partial<HeldReviewEntry> = {}): HeldReviewEntry {
  return {
    id: `book${n}__u${n}`,
    bookId: `book${n}`,
    bookTitle: `Book ${n}`,
    bookPath: `/book/book${n}`,
    uid: `u${n}`,
    reviewerName: `Reader ${n}`,
    reviewerPath: `/profile/reader-${n}`,
    rating: 4,
    text: `Text ${n} <b>not bold</b>`,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...extra,
  };
}

const page = (items: HeldReviewEntry[], waiting = items.length, next: string | null = null) => ({
  items,
  next,
  waiting,
});

let mounted: Mounted | undefined;
const show = useMounted();
afterEach(() => {
  api.loadHeldReviews.mockReset();
  api.decideHeldReview.mockReset();
  showToast.mockReset();
});

const section = () => document.querySelector<HTMLElement>('section[aria-labelledby="held-reviews-heading"]')!;
const item = (id: string) => document.querySelector<HTMLElement>(`[data-held-review="${id}"]`);
const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;
const reasonOf = (id: string) => document.querySelector<HTMLTextAreaElement>(`#held-review-${id}-reason`)!;

async function type(area: HTMLTextAreaElement, text: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(area, text);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(target: HTMLElement) {
  await settle(() => target.click());
  await settle();
}

describe('HeldReviews', () => {
  it('says it is loading, then shows the count and each review: book link, writer, stars, text as text', async () => {
    const load = deferred<ReturnType<typeof page>>();
    api.loadHeldReviews.mockReturnValueOnce(load.promise);
    mounted = await show(createElement(HeldReviews));
    expect(section().querySelector('[role="status"]')!.textContent).toBe('Loading the held reviews…');
    await settle(() => load.resolve(page([entry(1), entry(2, { text: '', reviewerPath: null })], 2)));

    expect(api.loadHeldReviews).toHaveBeenCalledWith(null);
    expect(section().querySelector('h2')!.textContent).toBe('Held reviews');
    expect(section().querySelector('[data-held-count]')!.textContent).toBe(
      '2 reviews are waiting for moderation.',
    );
    const first = item('book1__u1')!;
    expect(first.querySelector('a[href="/book/book1"]')!.textContent).toBe('Book 1');
    expect(first.querySelector('a[href="/profile/reader-1"]')!.textContent).toBe('Reader 1');
    expect(first.textContent).toContain('4 out of 5 stars');
    expect(first.textContent).toContain('Text 1 <b>not bold</b>');
    expect(first.querySelector('b')).toBeNull();
    expect(document.querySelector(`label[for="held-review-book1__u1-reason"]`)!.textContent).toContain(
      'Reason',
    );
    const second = item('book2__u2')!;
    expect(second.textContent).toContain('by Reader 2');
    expect(second.textContent).toContain('A rating without a review.');
  });

  it('says when no review is waiting, and when the list could not be loaded, with Try again', async () => {
    api.loadHeldReviews.mockResolvedValueOnce(page([], 0));
    mounted = await show(createElement(HeldReviews));
    await settle();
    expect(section().textContent).toContain(HELD_REVIEW_MESSAGES.empty);
    expect(section().querySelector('[data-held-count]')!.textContent).toBe('');
    mounted.unmount();

    api.loadHeldReviews.mockRejectedValueOnce(new Error('offline'));
    mounted = await show(createElement(HeldReviews));
    await settle();
    expect(section().querySelector('[role="alert"]')!.textContent).toContain(
      'The held reviews could not be loaded.',
    );
    api.loadHeldReviews.mockResolvedValueOnce(page([entry(1)]));
    await click(button(section(), 'Try again'));
    expect(item('book1__u1')).not.toBeNull();
  });

  it('releases with the optional reason: the review leaves the list, which loads again with its count', async () => {
    api.loadHeldReviews
      .mockResolvedValueOnce(page([entry(1), entry(2)], 2))
      .mockResolvedValueOnce(page([entry(2)], 1));
    api.decideHeldReview.mockResolvedValue({ ok: true, data: { decided: true } });
    mounted = await show(createElement(HeldReviews));
    await settle();
    await click(button(item('book1__u1')!, 'Release'));
    expect(api.decideHeldReview).toHaveBeenCalledWith({
      action: 'release',
      bookId: 'book1',
      uid: 'u1',
      reason: '',
    });
    expect(showToast).toHaveBeenCalledWith({ title: 'Success', description: HELD_REVIEW_MESSAGES.released });
    expect(item('book1__u1')).toBeNull();
    expect(document.activeElement).toBe(section().querySelector('h2'));
    expect(api.loadHeldReviews).toHaveBeenCalledTimes(2);
    expect(section().querySelector('[data-held-count]')!.textContent).toBe(
      '1 review is waiting for moderation.',
    );
  });

  it('rejects only with a reason, after asking; Cancel sends nothing', async () => {
    api.loadHeldReviews.mockResolvedValueOnce(page([entry(1)])).mockResolvedValue(page([], 0));
    api.decideHeldReview.mockResolvedValue({ ok: true, data: { decided: true } });
    mounted = await show(createElement(HeldReviews));
    await settle();

    await click(button(item('book1__u1')!, 'Reject'));
    expect(document.querySelector('#held-review-book1__u1-reason-error')!.textContent).toBe(
      HELD_REVIEW_MESSAGES.rejectReason,
    );
    expect(reasonOf('book1__u1').getAttribute('aria-invalid')).toBe('true');
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();

    await type(reasonOf('book1__u1'), '  Same text on ten books ');
    await click(button(item('book1__u1')!, 'Reject'));
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Reject this review?');
    await click(button(dialog, 'Cancel'));
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(api.decideHeldReview).not.toHaveBeenCalled();

    await click(button(item('book1__u1')!, 'Reject'));
    await click(button(document.querySelector<HTMLElement>('[role="alertdialog"]')!, 'Reject review'));
    expect(api.decideHeldReview).toHaveBeenCalledWith({
      action: 'reject',
      bookId: 'book1',
      uid: 'u1',
      reason: 'Same text on ten books',
    });
    expect(showToast).toHaveBeenCalledWith({ title: 'Success', description: HELD_REVIEW_MESSAGES.rejected });
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(section().textContent).toContain(HELD_REVIEW_MESSAGES.empty);
  });

  it('says so when the review was decided elsewhere, and keeps it when the call fails', async () => {
    api.loadHeldReviews.mockResolvedValue(page([entry(1), entry(2)]));
    api.decideHeldReview
      .mockResolvedValueOnce({ ok: false, code: 'internal', message: 'The action failed. Please try again.' })
      .mockResolvedValueOnce({ ok: true, data: { decided: false } });
    mounted = await show(createElement(HeldReviews));
    await settle();

    await click(button(item('book2__u2')!, 'Release'));
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'The action failed. Please try again.',
      variant: 'destructive',
    });
    expect(item('book2__u2')).not.toBeNull();

    api.loadHeldReviews.mockResolvedValue(page([entry(1)]));
    await click(button(item('book2__u2')!, 'Release'));
    expect(showToast).toHaveBeenLastCalledWith({
      title: 'Already decided',
      description: HELD_REVIEW_MESSAGES.notWaiting,
    });
    expect(item('book2__u2')).toBeNull();
  });

  it('loads the next page after the last review shown, without showing a review twice', async () => {
    api.loadHeldReviews
      .mockResolvedValueOnce(page([entry(1), entry(2)], 3, 'book2__u2'))
      .mockResolvedValueOnce(page([entry(2), entry(3)], 3));
    mounted = await show(createElement(HeldReviews));
    await settle();
    await click(button(section(), 'Load more'));
    expect(api.loadHeldReviews).toHaveBeenLastCalledWith('book2__u2');
    expect(
      [...document.querySelectorAll('[data-held-review]')].map((li) => li.getAttribute('data-held-review')),
    ).toEqual(['book1__u1', 'book2__u2', 'book3__u3']);
    expect([...section().querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Load more');
  });
});
