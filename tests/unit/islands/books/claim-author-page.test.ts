// @vitest-environment jsdom
// "Claim this author page" (src/islands/books/ClaimAuthorPage.tsx): a reader sees
// nothing; an eligible member sees the button, sends a claim with a note from its
// dialog and then sees that it waits for an admin; a refusal keeps the note with the
// reason; a rejected claim shows its reason and the button again.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTHOR_CLAIM_MESSAGES } from '../../../../src/domain/books/author-claim';
import { settle, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ authorClaimStatus: vi.fn(), requestAuthorClaim: vi.fn() }));
vi.mock('../../../../src/data/client/books/author-claims.ts', () => api);
const { default: ClaimAuthorPage } = await import('../../../../src/islands/books/ClaimAuthorPage');

const show = useMounted();
afterEach(() => {
  api.authorClaimStatus.mockReset();
  api.requestAuthorClaim.mockReset();
});

const props = { slug: 'jane-austen', authorName: 'Jane Austen' };
const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.textContent === name) ?? null;

async function mount(status: unknown) {
  api.authorClaimStatus.mockResolvedValueOnce({ ok: true, data: status });
  await show(createElement(ClaimAuthorPage, props));
  await settle();
}

describe('ClaimAuthorPage', () => {
  it('shows a reader nothing', async () => {
    await mount({ eligible: false, claim: null, claimed: false });
    expect(api.authorClaimStatus).toHaveBeenCalledWith('jane-austen');
    expect(button('Claim this author page')).toBeNull();
  });

  it('sends an eligible member’s claim with a note, then says it waits for an admin', async () => {
    await mount({ eligible: true, claim: null, claimed: false });
    await settle(() => button('Claim this author page')!.click());
    const note = document.querySelector<HTMLTextAreaElement>('#author-claim-message')!;
    await settle(() => {
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(note, 'My website.');
      note.dispatchEvent(new Event('input', { bubbles: true }));
    });
    api.requestAuthorClaim.mockResolvedValueOnce({
      ok: false,
      code: 'resource-exhausted',
      message: 'Slow down.',
    });
    await settle(() =>
      document.querySelector<HTMLFormElement>('form[aria-label="Claim this author page"]')!.requestSubmit(),
    );
    await settle();
    expect(document.querySelector('#author-claim-message-error')!.textContent).toBe('Slow down.');
    expect(note.value).toBe('My website.');

    api.requestAuthorClaim.mockResolvedValueOnce({
      ok: true,
      data: { eligible: true, claim: { status: 'pending', reason: null }, claimed: false },
    });
    await settle(() =>
      document.querySelector<HTMLFormElement>('form[aria-label="Claim this author page"]')!.requestSubmit(),
    );
    await settle();
    expect(api.requestAuthorClaim).toHaveBeenLastCalledWith('jane-austen', 'My website.');
    expect(document.body.textContent).toContain(AUTHOR_CLAIM_MESSAGES.pending);
  });

  it('shows a rejection’s reason with the button again', async () => {
    await mount({
      eligible: true,
      claim: { status: 'rejected', reason: 'Show us your publisher.' },
      claimed: false,
    });
    expect(document.body.textContent).toContain('Show us your publisher.');
    expect(button('Claim this author page')).not.toBeNull();
  });

  it('shows nothing on a page someone else holds', async () => {
    await mount({ eligible: true, claim: null, claimed: true });
    expect(button('Claim this author page')).toBeNull();
  });
});
