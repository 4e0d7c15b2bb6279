// @vitest-environment jsdom
// Book Management's ISBN claims: a bad ISBN is refused at its field before any call;
// a lookup says it is loading, then shows the book holding the ISBN (or that it is
// free) and the other books still carrying it; Move asks first, then moves the
// ISBN, says so in a toast and shows the new holder; a refused move (no such book)
// is said at the book id field.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ISBN_CLAIM_MESSAGES,
  type AdminIsbnClaimsResponse,
} from '../../../../src/domain/admin/admin-isbn-claims';
import { ISBN_MESSAGES } from '../../../../src/domain/books/isbn';
import { deferred, settle, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({ lookUpIsbn: vi.fn(), moveIsbnClaim: vi.fn() }));
vi.mock('../../../../src/data/client/admin/admin-isbn-claims.ts', () => api);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: IsbnClaims } = await import('../../../../src/islands/admin/IsbnClaims');

const ISBN = '9780306406157';
const held: AdminIsbnClaimsResponse = {
  isbn: ISBN,
  holder: { id: 'bookA', title: 'Tides', userId: 'uA', authorName: 'Ann' },
  others: [{ id: 'bookC', title: 'Tides (old copy)', userId: 'uC', authorName: null }],
};

const show = useMounted();
afterEach(() => {
  api.lookUpIsbn.mockReset();
  api.moveIsbnClaim.mockReset();
  showToast.mockReset();
});

const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
const formOf = (label: string) => document.querySelector<HTMLFormElement>(`form[aria-label="${label}"]`)!;
const button = (root: ParentNode, name: string) =>
  [...root.querySelectorAll('button')].find((b) => b.textContent === name)!;

async function type(target: HTMLInputElement, text: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(target, text);
    target.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function lookUp(isbn: string) {
  await type(input('isbn-claim-isbn'), isbn);
  await settle(() => formOf('Look up an ISBN').requestSubmit());
  await settle();
}

describe('IsbnClaims', () => {
  it('refuses a bad ISBN at its field without calling', async () => {
    await show(createElement(IsbnClaims));
    await lookUp('978-0-306-40615-8');
    expect(document.querySelector('#isbn-claim-isbn-error')!.textContent).toBe(ISBN_MESSAGES.checkDigit);
    expect(api.lookUpIsbn).not.toHaveBeenCalled();
  });

  it('says it is looking up, then shows the holder and the other books carrying the ISBN', async () => {
    const answer = deferred<unknown>();
    api.lookUpIsbn.mockReturnValueOnce(answer.promise);
    await show(createElement(IsbnClaims));
    await type(input('isbn-claim-isbn'), '0-306-40615-2');
    await settle(() => formOf('Look up an ISBN').requestSubmit());
    expect(button(formOf('Look up an ISBN'), 'Looking up…').disabled).toBe(true);
    await settle(() => answer.resolve({ ok: true, data: held }));
    await settle();

    // The admin's typing is sent; the schema read it as the ISBN-13.
    expect(api.lookUpIsbn).toHaveBeenCalledWith(ISBN);
    const holder = document.querySelector('[data-isbn-holder="bookA"]')!;
    expect(holder.querySelector('a[href="/book/bookA"]')!.textContent).toBe('Tides');
    expect(holder.textContent).toContain('Ann');
    expect(document.querySelector('[data-isbn-other="bookC"]')!.textContent).toContain('Tides (old copy)');
  });

  it('says when no book holds the ISBN', async () => {
    api.lookUpIsbn.mockResolvedValueOnce({ ok: true, data: { isbn: ISBN, holder: null, others: [] } });
    await show(createElement(IsbnClaims));
    await lookUp(ISBN);
    expect(document.querySelector(`[data-isbn-claim="${ISBN}"]`)!.textContent).toContain(
      ISBN_CLAIM_MESSAGES.free,
    );
  });

  it('moves the ISBN after a confirmation, with a toast and the new holder', async () => {
    api.lookUpIsbn.mockResolvedValueOnce({ ok: true, data: held });
    api.moveIsbnClaim.mockResolvedValueOnce({
      ok: true,
      data: {
        isbn: ISBN,
        holder: { id: 'bookB', title: 'The real Tides', userId: 'uB', authorName: 'Bo' },
        others: [],
      },
    });
    await show(createElement(IsbnClaims));
    await lookUp(ISBN);
    await type(input('isbn-claim-book'), 'bookB');
    await settle(() => formOf('Move the ISBN to another book').requestSubmit());
    await settle();
    const dialog = document.querySelector<HTMLElement>('[role="alertdialog"]')!;
    expect(dialog.textContent).toContain('Move this ISBN?');
    expect(dialog.textContent).toContain('“Tides” will no longer carry it');
    expect(api.moveIsbnClaim).not.toHaveBeenCalled();
    await settle(() => button(dialog, 'Move ISBN').click());
    await settle();

    expect(api.moveIsbnClaim).toHaveBeenCalledWith(ISBN, 'bookB');
    expect(showToast).toHaveBeenCalledWith({ title: 'Success', description: ISBN_CLAIM_MESSAGES.moved });
    expect(document.querySelector('[data-isbn-holder="bookB"]')).not.toBeNull();
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
  });

  it('shows a refused move at the book id field', async () => {
    api.lookUpIsbn.mockResolvedValueOnce({ ok: true, data: held });
    api.moveIsbnClaim.mockResolvedValueOnce({
      ok: false,
      code: 'not-found',
      message: ISBN_CLAIM_MESSAGES.bookNotFound,
    });
    await show(createElement(IsbnClaims));
    await lookUp(ISBN);
    // An empty id is refused before asking.
    await settle(() => formOf('Move the ISBN to another book').requestSubmit());
    await settle();
    expect(document.querySelector('#isbn-claim-book-error')!.textContent).toBe(
      ISBN_CLAIM_MESSAGES.bookRequired,
    );
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();

    await type(input('isbn-claim-book'), 'nope');
    await settle(() => formOf('Move the ISBN to another book').requestSubmit());
    await settle();
    await settle(() => button(document.querySelector('[role="alertdialog"]')!, 'Move ISBN').click());
    await settle();
    expect(document.querySelector('#isbn-claim-book-error')!.textContent).toBe(
      ISBN_CLAIM_MESSAGES.bookNotFound,
    );
    expect(showToast).not.toHaveBeenCalled();
    expect(document.querySelector('[data-isbn-holder="bookA"]')).not.toBeNull();
  });
});
