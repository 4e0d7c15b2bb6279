// @vitest-environment jsdom
// The book editor when saveBook refuses the ISBN because another book on Shelfmark
// holds it (issue 51, item 1): the server's sentence shows under the ISBN field,
// which takes the focus, with no toast; changing the ISBN clears it and saves.
// Any other refusal is still a toast.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ISBN_MESSAGES } from '../../../../src/domain/books/isbn';
import { catalogueIsbnMessage } from '../../../../src/domain/books/author-claim';
import type { Book } from '../../../../src/domain/books/book';
import type { BookEditorValues } from '../../../../src/domain/books/book-editor';
import { storedBook } from '../../helpers/book';
import { settle, useMounted } from '../../helpers/render';

const items = vi.hoisted(() => ({ saveItem: vi.fn(), deleteItem: vi.fn(), loadItem: vi.fn() }));
vi.mock('../../../../src/data/client/kinds/items.ts', () => items);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: OwnedItemEditor } = await import('../../../../src/islands/items/OwnedItemEditor');
const { bookKind } = await import('../../../../src/islands/kinds/book-kind');
const BookEditor = OwnedItemEditor<Book, BookEditorValues>;

const show = useMounted();
afterEach(() => {
  items.saveItem.mockReset();
  showToast.mockReset();
});

const isbnInput = () => document.querySelector<HTMLInputElement>('#book-isbn')!;
const isbnError = () => document.querySelector('#book-isbn-error');
const form = () => document.querySelector<HTMLFormElement>('form[data-book-editor]')!;

async function type(input: HTMLInputElement, text: string) {
  await settle(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await settle(() => form().requestSubmit());
  await settle();
}

async function mountEditor(onSaved = vi.fn()) {
  await show(
    createElement(BookEditor, {
      kind: bookKind,
      item: storedBook({ isbn: '9781861972712' }),
      userId: 'u1',
      admin: false,
      onCancel: () => {},
      onSaved,
    }),
  );
  return onSaved;
}

describe('the book editor, when another book holds the ISBN', () => {
  it('says so under the ISBN field, focused, without a toast; a new ISBN clears it and saves', async () => {
    items.saveItem.mockResolvedValueOnce({ ok: false, code: 'already-exists', message: ISBN_MESSAGES.taken });
    const onSaved = await mountEditor();
    await type(isbnInput(), '978-0-306-40615-7');
    await submit();

    expect(items.saveItem).toHaveBeenCalledWith(
      'book',
      expect.objectContaining({ id: 'b1', fields: expect.objectContaining({ isbn: '9780306406157' }) }),
    );
    expect(isbnError()?.textContent).toBe(ISBN_MESSAGES.taken);
    expect(isbnInput().getAttribute('aria-invalid')).toBe('true');
    expect(isbnInput().getAttribute('aria-describedby')).toContain('book-isbn-error');
    expect(document.activeElement).toBe(isbnInput());
    expect(showToast).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();

    items.saveItem.mockResolvedValueOnce({
      ok: true,
      data: { id: 'b1', updated_at: '2026-01-01T00:00:00Z' },
    });
    await type(isbnInput(), '1-86197-271-7');
    expect(isbnError()).toBeNull();
    await submit();
    expect(onSaved).toHaveBeenCalledWith('b1', false);
  });

  it('offers a catalogue book holding the ISBN to claim, under the field, without a toast', async () => {
    const offer = catalogueIsbnMessage({ title: 'Emma', authorPath: '/authors/jane-austen', yours: false });
    items.saveItem.mockResolvedValueOnce({ ok: false, code: 'already-exists', message: offer });
    await mountEditor();
    await type(isbnInput(), '978-0-306-40615-7');
    await submit();
    expect(isbnError()?.textContent).toBe(offer);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('keeps any other refusal in a toast, away from the field', async () => {
    items.saveItem.mockResolvedValueOnce({ ok: false, code: 'permission-denied', message: 'Not yours' });
    await mountEditor();
    await submit();
    expect(isbnError()).toBeNull();
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Error', description: expect.stringContaining('Not yours') }),
    );
  });
});
