// @vitest-environment jsdom
// The owner's post-an-update form and tools on their profile page: an over-long or
// empty field, or one with a link or an email address, is refused inline with nothing sent; a post sends the trimmed fields
// and the chosen book and hands the new update on; the plan's limit shows the
// server's words under the form and in the toast; the tools appear only once the
// session confirms the owner, with the empty state when there are no updates, and
// a confirmed Delete calls the function and opens the page afresh.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UPDATE_MESSAGES, UPDATE_TITLE_MAX } from '../../../../src/domain/updates/author-update';
import { settle, typeAndSubmit, useMounted } from '../../helpers/render';

const api = vi.hoisted(() => ({
  postAuthorUpdate: vi.fn(),
  deleteAuthorUpdate: vi.fn(),
  listUpdateBooks: vi.fn(),
}));
vi.mock('../../../../src/data/client/updates/author-updates.ts', () => api);
const auth = vi.hoisted(() => ({ currentAccount: vi.fn() }));
vi.mock('../../../../src/data/client/shared/auth.ts', () => auth);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: AuthorUpdateForm } = await import('../../../../src/islands/updates/AuthorUpdateForm');
const { default: AuthorUpdateTools } = await import('../../../../src/islands/updates/AuthorUpdateTools');

const show = useMounted();
afterEach(() => {
  for (const mock of [...Object.values(api), auth.currentAccount, showToast]) mock.mockReset();
  sessionStorage.clear();
});

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector);
const title = () => $<HTMLInputElement>('#author-update-title')!;
const body = () => $<HTMLTextAreaElement>('#author-update-body')!;
const BOOKS = [
  { id: 'b1', title: 'Salt and Lanterns' },
  { id: 'b2', title: 'The Lantern Keeper' },
];

/** Types into the text area as a person does (React reads the native setter's value). */
async function typeBody(text: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(body(), text);
    body().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('AuthorUpdateForm', () => {
  it('refuses an over-long title inline and sends nothing', async () => {
    await show(createElement(AuthorUpdateForm, { books: [], onPosted: vi.fn() }));
    await typeBody('News.');
    await typeAndSubmit(title(), 'x'.repeat(UPDATE_TITLE_MAX + 1));
    expect($('#author-update-title-error')!.textContent).toBe(UPDATE_MESSAGES.titleTooLong);
    expect(title().getAttribute('aria-invalid')).toBe('true');
    expect(api.postAuthorUpdate).not.toHaveBeenCalled();
  });

  it('asks for a title and a text', async () => {
    await show(createElement(AuthorUpdateForm, { books: [], onPosted: vi.fn() }));
    await typeAndSubmit(title(), '   ');
    expect($('#author-update-title-error')!.textContent).toBe(UPDATE_MESSAGES.titleRequired);
    expect($('#author-update-body-error')!.textContent).toBe(UPDATE_MESSAGES.bodyRequired);
    expect(api.postAuthorUpdate).not.toHaveBeenCalled();
  });

  it('refuses a link or an email address in the title or the text inline, and sends nothing', async () => {
    await show(createElement(AuthorUpdateForm, { books: [], onPosted: vi.fn() }));
    await typeBody('Write to me at reader-offers@example.com for a free copy.');
    await typeAndSubmit(title(), 'Free copies at www.example.com');
    expect($('#author-update-title-error')!.textContent).toBe(UPDATE_MESSAGES.noLinks);
    expect($('#author-update-body-error')!.textContent).toBe(UPDATE_MESSAGES.noLinks);
    expect(api.postAuthorUpdate).not.toHaveBeenCalled();
  });

  it('offers the book choice only to an author with books', async () => {
    const without = await show(createElement(AuthorUpdateForm, { books: [], onPosted: vi.fn() }));
    expect($('#author-update-book_id')).toBeNull();
    await without.rerender(createElement(AuthorUpdateForm, { books: BOOKS, onPosted: vi.fn() }));
    const select = $<HTMLSelectElement>('#author-update-book_id')!;
    expect(document.querySelector(`label[for="${select.id}"]`)!.textContent).toBe(
      'About one of your books (optional)',
    );
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'No book',
      'Salt and Lanterns',
      'The Lantern Keeper',
    ]);
  });

  it('posts the trimmed fields and the chosen book, and hands the update on', async () => {
    const posted = { id: 'u1', created_at: '2027-03-14T10:00:00.000Z' };
    api.postAuthorUpdate.mockResolvedValue({ ok: true, data: posted });
    const onPosted = vi.fn();
    await show(createElement(AuthorUpdateForm, { books: BOOKS, onPosted }));
    await settle(() => {
      const select = $<HTMLSelectElement>('#author-update-book_id')!;
      select.value = 'b2';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await typeBody('  **Cover** reveal  ');
    await typeAndSubmit(title(), '  The cover  ');
    expect(api.postAuthorUpdate).toHaveBeenCalledWith({
      title: 'The cover',
      body: '**Cover** reveal',
      book_id: 'b2',
    });
    expect(onPosted).toHaveBeenCalledWith(posted);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('sends no book when none is chosen', async () => {
    api.postAuthorUpdate.mockResolvedValue({
      ok: true,
      data: { id: 'u1', created_at: '2027-03-14T10:00:00.000Z' },
    });
    await show(createElement(AuthorUpdateForm, { books: BOOKS, onPosted: vi.fn() }));
    await typeBody('News.');
    await typeAndSubmit(title(), 'Hello');
    expect(api.postAuthorUpdate).toHaveBeenCalledWith({ title: 'Hello', body: 'News.', book_id: null });
  });

  it('shows the plan’s limit, in the server’s words, under the form and in the toast', async () => {
    const limit = 'Free members can post 4 updates in 30 days. Upgrade to Premium to post one a day.';
    api.postAuthorUpdate.mockResolvedValue({ ok: false, code: 'resource-exhausted', message: limit });
    const onPosted = vi.fn();
    await show(createElement(AuthorUpdateForm, { books: [], onPosted }));
    await typeBody('News.');
    await typeAndSubmit(title(), 'Hello');
    expect($('#author-update-refusal')!.textContent).toBe(limit);
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error',
      description: `${UPDATE_MESSAGES.postFailed} ${limit}`,
      variant: 'destructive',
    });
    expect(onPosted).not.toHaveBeenCalled();
    expect(title().value).toBe('Hello');
  });

  it('says only that the post failed when the reason is not the member’s to fix', async () => {
    api.postAuthorUpdate.mockResolvedValue({ ok: false, code: 'unavailable', message: 'fetch failed' });
    await show(createElement(AuthorUpdateForm, { books: [], onPosted: vi.fn() }));
    await typeBody('News.');
    await typeAndSubmit(title(), 'Hello');
    expect($('#author-update-refusal')).toBeNull();
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error',
      description: UPDATE_MESSAGES.postFailed,
      variant: 'destructive',
    });
  });
});

describe('AuthorUpdateTools', () => {
  /** Mounts the tools of Jane (page jane-doe), who has updates, opening pages through `open`. */
  const showJaneWithUpdates = (
    open: (url: string) => void,
    deleteSlots: { element: HTMLElement; id: string; title: string }[] = [],
  ) =>
    show(
      createElement(AuthorUpdateTools, {
        userId: 'jane',
        slug: 'jane-doe',
        hasUpdates: true,
        deleteSlots,
        open,
      }),
    );

  it('shows nothing until the session confirms the owner, and nothing to anyone else', async () => {
    auth.currentAccount.mockResolvedValue({ uid: 'someone-else' });
    api.listUpdateBooks.mockResolvedValue([]);
    await show(
      createElement(AuthorUpdateTools, { userId: 'jane', slug: 'jane', hasUpdates: false, deleteSlots: [] }),
    );
    await settle();
    expect($('[data-author-update-form]')).toBeNull();
    expect(api.listUpdateBooks).not.toHaveBeenCalled();
  });

  it('gives an owner without updates the section with its empty state and the form with their books', async () => {
    auth.currentAccount.mockResolvedValue({ uid: 'jane' });
    api.listUpdateBooks.mockResolvedValue(BOOKS);
    await show(
      createElement(AuthorUpdateTools, { userId: 'jane', slug: 'jane', hasUpdates: false, deleteSlots: [] }),
    );
    await settle();
    expect($('[data-profile-section="updates"] h2')!.textContent).toBe('Updates');
    expect($('[data-author-updates-empty]')).not.toBeNull();
    expect($('[data-author-update-form]')).not.toBeNull();
    expect(api.listUpdateBooks).toHaveBeenCalledWith('jane');
    expect($<HTMLSelectElement>('#author-update-book_id')!.options).toHaveLength(3);
  });

  it('opens the page afresh at the new update, with the toast kept across the load', async () => {
    auth.currentAccount.mockResolvedValue({ uid: 'jane' });
    api.listUpdateBooks.mockResolvedValue([]);
    api.postAuthorUpdate.mockResolvedValue({
      ok: true,
      data: { id: 'u9', created_at: '2027-03-14T10:00:00.000Z' },
    });
    const open = vi.fn();
    await showJaneWithUpdates(open);
    await settle();
    expect($('[data-author-updates-empty]')).toBeNull();
    await typeBody('News.');
    await typeAndSubmit(title(), 'Hello');
    expect(open).toHaveBeenCalledWith('/profile/jane-doe?updated=u9#update-u9');
    expect(JSON.parse(sessionStorage.getItem('shelfmark.flash')!)).toEqual({ title: UPDATE_MESSAGES.posted });
  });

  it('deletes an update once confirmed and opens the page afresh', async () => {
    auth.currentAccount.mockResolvedValue({ uid: 'jane' });
    api.listUpdateBooks.mockResolvedValue([]);
    api.deleteAuthorUpdate.mockResolvedValue({ ok: true, data: { id: 'u1' } });
    const slot = document.createElement('div');
    document.body.append(slot);
    const open = vi.fn();
    await showJaneWithUpdates(open, [{ element: slot, id: 'u1', title: 'The cover' }]);
    await settle();
    const trigger = slot.querySelector('button')!;
    expect(trigger.textContent).toBe('Delete update “The cover”');
    await settle(() => trigger.click());
    const confirm = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Delete update')!;
    await settle(() => confirm.click());
    await settle();
    expect(api.deleteAuthorUpdate).toHaveBeenCalledWith('u1');
    expect(open).toHaveBeenCalledWith('/profile/jane-doe?updated=u1');
    slot.remove();
  });
});
