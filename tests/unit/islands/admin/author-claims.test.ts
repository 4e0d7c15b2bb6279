// @vitest-environment jsdom
// Book Management's author claims (src/islands/admin/AuthorClaims.tsx): the queue
// loads and lists each pending claim with its member, page and note; Reject needs a
// reason, sends it and shows the queue the function answers; a failed load says so.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTHOR_CLAIM_MESSAGES, type PendingAuthorClaim } from '../../../../src/domain/books/author-claim';
import { settle, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({
  pendingAuthorClaims: vi.fn(),
  approveAuthorClaim: vi.fn(),
  rejectAuthorClaim: vi.fn(),
}));
vi.mock('../../../../src/data/client/books/author-claims.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: AuthorClaims } = await import('../../../../src/islands/admin/AuthorClaims');

const show = useMounted();
afterEach(() => {
  Object.values(api).forEach((fn) => fn.mockReset());
  showToast.mockReset();
});

const pending: PendingAuthorClaim = {
  id: 'jane-austen__u1',
  slug: 'jane-austen',
  authorName: 'Jane Austen',
  userId: 'u1',
  memberName: 'Jane A.',
  message: 'My estate.',
  createdAt: '2026-12-01T10:00:00.000Z',
};
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) ?? null;

describe('AuthorClaims', () => {
  it('lists the pending claims with the member, a link to the page and the note', async () => {
    api.pendingAuthorClaims.mockResolvedValueOnce({ ok: true, data: { pending: [pending] } });
    await show(createElement(AuthorClaims));
    await settle();
    const row = document.querySelector('[data-author-claim-row="jane-austen__u1"]')!;
    expect(row.textContent).toContain('Jane A.');
    expect(row.querySelector('a[href="/authors/jane-austen"]')!.textContent).toBe('Jane Austen');
    expect(row.textContent).toContain('My estate.');
  });

  it('rejects with a reason, required, and shows what is left', async () => {
    api.pendingAuthorClaims.mockResolvedValueOnce({ ok: true, data: { pending: [pending] } });
    await show(createElement(AuthorClaims));
    await settle();
    await settle(() => button('Reject')!.click());
    const form = document.querySelector<HTMLFormElement>('form[aria-label="Reject the claim"]')!;
    await settle(() => form.requestSubmit());
    await settle();
    expect(document.querySelector('#author-claim-reason-error')!.textContent).toBe(
      AUTHOR_CLAIM_MESSAGES.reasonRequired,
    );
    expect(api.rejectAuthorClaim).not.toHaveBeenCalled();

    const reason = document.querySelector<HTMLTextAreaElement>('#author-claim-reason')!;
    await settle(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(
        reason,
        'No evidence.',
      );
      reason.dispatchEvent(new Event('input', { bubbles: true }));
    });
    api.rejectAuthorClaim.mockResolvedValueOnce({ ok: true, data: { pending: [] } });
    await settle(() => form.requestSubmit());
    await settle();
    expect(api.rejectAuthorClaim).toHaveBeenCalledWith('jane-austen__u1', 'No evidence.');
    expect(document.body.textContent).toContain('No claims are waiting.');
    expect(showToast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Claim rejected' }));
  });

  it('says when the queue could not be loaded', async () => {
    api.pendingAuthorClaims.mockResolvedValueOnce({ ok: false, code: 'internal', message: 'Try again.' });
    await show(createElement(AuthorClaims));
    await settle();
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Failed to load the claims.');
  });
});
