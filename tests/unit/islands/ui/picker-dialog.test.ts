// @vitest-environment jsdom
// PickerDialog: the featured-slot picker of books and members. It lists the
// matches for '' on opening, searches on every press of Search, says a failed
// search in a toast, and closes only after a pick that worked.
import { act, createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, settle, useMounted } from '../../helpers/render';

const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: PickerDialog } = await import('../../../../src/islands/ui/PickerDialog');

interface Book {
  id: string;
  title: string;
  author: string;
}
const BOOKS: Book[] = [
  { id: 'b1', title: 'Dune', author: 'Herbert' },
  { id: 'b2', title: 'Emma', author: 'Austen' },
];

const texts = {
  title: 'Featured book for slot 3',
  description: 'Whatever holds this slot now is replaced.',
  searchId: 'book-picker-search',
  searchLabel: 'Search books',
  placeholder: 'Title or author',
  loading: 'Loading books…',
  empty: 'No active books match.',
  listLabel: 'Books to feature',
  failureLog: 'Failed to load books.',
  failureToast: 'Failed to load books.',
};

const show = useMounted();
afterEach(() => {
  showToast.mockReset();
});

function open(find: (query: string) => Promise<Book[]>, onPick = vi.fn(async () => true), onClose = vi.fn()) {
  return show(
    createElement(PickerDialog<Book>, {
      texts,
      find,
      itemKey: (book) => book.id,
      itemName: (book) => book.title,
      itemDetail: (book) => book.author,
      onPick,
      onClose,
    }),
  );
}

const dialog = () => document.body.querySelector<HTMLElement>('[role="dialog"]')!;
const featureButton = (title: string) =>
  dialog().querySelector<HTMLButtonElement>(`button[aria-label="Feature ${title}"]`)!;

async function searchFor(text: string) {
  const input = dialog().querySelector<HTMLInputElement>('#book-picker-search')!;
  await settle(() => {
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle(() => dialog().querySelector('form')!.requestSubmit());
}

describe('PickerDialog', () => {
  it('is named by its title, has a labelled search, and lists the matches for "" with a Feature button each', async () => {
    const find = vi.fn(async () => BOOKS);
    await open(find);
    expect(find).toHaveBeenCalledWith('');
    const labelledBy = dialog().getAttribute('aria-labelledby')!;
    expect(document.getElementById(labelledBy)!.textContent).toBe('Featured book for slot 3');
    expect(dialog().querySelector('form[role="search"] label[for="book-picker-search"]')!.textContent).toBe(
      'Search books',
    );
    expect(dialog().querySelector('button[type="submit"]')!.textContent).toBe('Search');
    const list = dialog().querySelector('ul[aria-label="Books to feature"]')!;
    expect(list.textContent).toContain('Dune Herbert');
    expect(featureButton('Emma').textContent).toBe('Feature');
  });

  it('searches on every press of Search, showing the loading state until the answer arrives', async () => {
    const answers: ReturnType<typeof deferred<Book[]>>[] = [];
    const find = vi.fn(() => {
      answers.push(deferred<Book[]>());
      return answers.at(-1)!.promise;
    });
    await open(find);
    await settle(() => answers[0]!.resolve(BOOKS));
    await searchFor('emma');
    expect(find).toHaveBeenLastCalledWith('emma');
    expect(dialog().querySelector('[role="status"]')!.textContent).toBe('Loading books…');
    await settle(() => answers[1]!.resolve([BOOKS[1]!]));
    expect(featureButton('Dune')).toBeNull();
    expect(featureButton('Emma')).not.toBeNull();

    await searchFor('emma');
    expect(find).toHaveBeenCalledTimes(3);
    await settle(() => answers[2]!.resolve([]));
    expect(dialog().textContent).toContain('No active books match.');
  });

  it('says a failed search in an Error toast and lists nothing', async () => {
    await open(() => Promise.reject(new Error('offline')));
    expect(showToast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Failed to load books.',
      variant: 'destructive',
    });
    expect(dialog().textContent).toContain('No active books match.');
  });

  it('disables the Feature buttons while a pick runs, stays open when it failed and closes when it worked', async () => {
    const outcome = deferred<boolean>();
    const onPick = vi.fn(() => outcome.promise);
    const onClose = vi.fn();
    await open(async () => BOOKS, onPick, onClose);
    await settle(() => featureButton('Emma').click());
    expect(onPick).toHaveBeenCalledWith(BOOKS[1]);
    expect(featureButton('Dune').disabled).toBe(true);
    await settle(() => outcome.resolve(false));
    expect(onClose).not.toHaveBeenCalled();
    expect(featureButton('Dune').disabled).toBe(false);

    onPick.mockResolvedValueOnce(true);
    await settle(() => featureButton('Dune').click());
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    await open(async () => BOOKS, undefined, onClose);
    act(() => {
      dialog().dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
