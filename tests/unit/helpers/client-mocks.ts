// Stand-ins for the browser's data modules that several island tests mock
// (vi.mock(path, () => stand-in), made in vi.hoisted: see the tests that use them).
import { vi } from 'vitest';

/** src/data/client/shelves/custom-shelves.ts: every export a fresh vi.fn. */
export function customShelvesClient() {
  return {
    getOwnCustomShelves: vi.fn(),
    getOwnShelvesOfBook: vi.fn(),
    editCustomShelf: vi.fn(),
    placeOnCustomShelf: vi.fn(),
  };
}
