// @vitest-environment jsdom
// /account's notice of imported ratings waiting for the member: nothing shows
// when none waits; otherwise it names how many books came and lists them, and
// one button publishes them (calling again until none is left, with progress),
// the other keeps them private; a refused call says why and shows the list again.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settle, useMounted } from '../../helpers/render';

const data = vi.hoisted(() => ({
  getWaitingReviews: vi.fn(),
  settleImportedReviews: vi.fn(),
}));
vi.mock('../../../../src/data/client/imports/reading-import.ts', () => data);
const { default: WaitingReviews } = await import('../../../../src/islands/imports/WaitingReviews');

const show = useMounted();
afterEach(() => {
  for (const fn of Object.values(data)) fn.mockReset();
});

const waiting = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id: `b${i}__u1`,
    user_id: 'u1',
    book_id: `b${i}`,
    book_title: `Book ${i}`,
    rating: 4,
    review: i === 0 ? 'Loved it.' : '',
    status: 'waiting',
    created_at: new Date(),
  }));

const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((b) => b.textContent === name)!;

describe('WaitingReviews', () => {
  it('shows nothing when no imported rating waits', async () => {
    data.getWaitingReviews.mockResolvedValue([]);
    const { container } = await show(createElement(WaitingReviews, { uid: 'u1' }));
    await settle();
    expect(container.textContent).toBe('');
  });

  it('names the books that came, and publishes them call after call until none is left', async () => {
    data.getWaitingReviews.mockResolvedValue(waiting(3));
    data.settleImportedReviews
      .mockResolvedValueOnce({ ok: true, data: { settled: 2, remaining: 1 } })
      .mockResolvedValueOnce({ ok: true, data: { settled: 1, remaining: 0 } });
    const { container } = await show(createElement(WaitingReviews, { uid: 'u1' }));
    await settle();
    expect(container.querySelector('h3')?.textContent).toBe('3 books from your import are now on Shelfmark');
    expect([...container.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Book 0: 4 ★ with a review',
      'Book 1: 4 ★',
      'Book 2: 4 ★',
    ]);
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/book/b0');
    await settle(() => button(container, 'Publish my ratings and reviews').click());
    await settle();
    expect(data.settleImportedReviews.mock.calls).toEqual([['publish'], ['publish']]);
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Your imported ratings and reviews are published.',
    );
  });

  it('keeps them private, and says why when a call is refused', async () => {
    data.getWaitingReviews.mockResolvedValue(waiting(1));
    data.settleImportedReviews.mockResolvedValueOnce({
      ok: false,
      code: 'permission-denied',
      message: 'This feature is not available to you.',
    });
    const { container } = await show(createElement(WaitingReviews, { uid: 'u1' }));
    await settle();
    expect(container.querySelector('h3')?.textContent).toBe('1 book from your import is now on Shelfmark');
    await settle(() => button(container, 'Publish my ratings and reviews').click());
    await settle();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'This feature is not available to you.',
    );
    expect(container.querySelector('h3')).not.toBeNull();
    data.settleImportedReviews.mockResolvedValueOnce({ ok: true, data: { settled: 1, remaining: 0 } });
    await settle(() => button(container, 'Keep them private').click());
    await settle();
    expect(data.settleImportedReviews).toHaveBeenLastCalledWith('private');
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Your imported ratings and reviews stay private.',
    );
  });
});
