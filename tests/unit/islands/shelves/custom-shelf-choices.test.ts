// @vitest-environment jsdom
// The book page's own-shelf choices: the member's shelves show as boxes, those
// holding the book ticked; a click puts the book on (or takes it off) through
// placeOnCustomShelf and ticks the box once saved; a refused save leaves it as
// it was and says why; a visitor sees nothing.
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_SHELF_MESSAGES } from '../../../../src/domain/shelves/custom-shelf';
import { settle, useMounted } from '../../helpers/render';

const shelves = await vi.hoisted(async () =>
  (await import('../../helpers/client-mocks')).customShelvesClient(),
);
vi.mock('../../../../src/data/client/shelves/custom-shelves.ts', () => shelves);
const auth = vi.hoisted(() => ({ currentAccount: vi.fn() }));
vi.mock('../../../../src/data/client/shared/auth.ts', () => auth);
const showToast = vi.hoisted(() => vi.fn());
vi.mock('../../../../src/lib/toast.ts', () => ({ showToast }));
const { default: CustomShelfChoices } = await import('../../../../src/islands/shelves/CustomShelfChoices');

const show = useMounted();
afterEach(() => {
  Object.values(shelves).forEach((fn) => fn.mockReset());
  auth.currentAccount.mockReset();
  showToast.mockReset();
});

const shelf = (id: string, name: string) => ({
  id,
  name,
  slug: name.toLowerCase(),
  position: 0,
  book_count: 0,
});

async function showChoices() {
  auth.currentAccount.mockResolvedValue({ uid: 'u1' });
  shelves.getOwnCustomShelves.mockResolvedValue([shelf('s1', 'Beach'), shelf('s2', 'Owned')]);
  shelves.getOwnShelvesOfBook.mockResolvedValue(new Set(['s2']));
  await show(createElement(CustomShelfChoices, { bookId: 'b1' }));
  await settle();
}
const box = (name: string) =>
  [...document.querySelectorAll('label')]
    .find((label) => label.textContent === name)!
    .querySelector<HTMLInputElement>('input')!;

describe('CustomShelfChoices', () => {
  it('ticks the shelves that hold the book, and puts it on another with one click', async () => {
    await showChoices();
    expect(shelves.getOwnShelvesOfBook).toHaveBeenCalledWith('u1', 'b1');
    expect(box('Owned').checked).toBe(true);
    expect(box('Beach').checked).toBe(false);
    shelves.placeOnCustomShelf.mockResolvedValue({
      ok: true,
      data: { shelfId: 's1', on: true, book_count: 1 },
    });
    await settle(() => box('Beach').click());
    expect(shelves.placeOnCustomShelf).toHaveBeenCalledWith('b1', 's1', true);
    expect(box('Beach').checked).toBe(true);
    expect(showToast).toHaveBeenCalledWith({ title: 'On your ‘Beach’ shelf' });
  });

  it('leaves the box as it was when the save is refused, and says why', async () => {
    await showChoices();
    shelves.placeOnCustomShelf.mockResolvedValue({
      ok: false,
      code: 'failed-precondition',
      message: CUSTOM_SHELF_MESSAGES.shelfFull,
    });
    await settle(() => box('Beach').click());
    expect(box('Beach').checked).toBe(false);
    expect(showToast).toHaveBeenCalledWith(
      expect.objectContaining({ description: expect.stringContaining(CUSTOM_SHELF_MESSAGES.shelfFull) }),
    );
  });

  it('shows nothing to a visitor', async () => {
    auth.currentAccount.mockResolvedValue(null);
    await show(createElement(CustomShelfChoices, { bookId: 'b1' }));
    await settle();
    expect(document.querySelector('[data-custom-shelf-choices]')).toBeNull();
    expect(shelves.getOwnCustomShelves).not.toHaveBeenCalled();
  });
});
