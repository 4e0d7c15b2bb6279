/**
 * "Add a book" from the browser (src/domain/catalogue/add-book.ts): the search and the
 * two additions, through the findBooks, addCatalogueBook and addBookByHand callables,
 * which check everything again.
 */
import type {
  AddBookByHandInput,
  AddBookResult,
  FindBooksResult,
} from '../../../domain/catalogue/add-book.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';

/** Shelfmark's books and Open Library's works for `query`. */
export function findBooks(query: string): Promise<CallOutcome<FindBooksResult>> {
  return callFunction('findBooks', { query });
}

/** Adds Open Library's work `workId` (the edition of `isbn` first), or answers the book it already is. */
export function addCatalogueBook(workId: string, isbn: string | null): Promise<CallOutcome<AddBookResult>> {
  return callFunction('addCatalogueBook', { workId, isbn });
}

/** Adds a book by its title, author and optional ISBN, or answers the book that carries the ISBN. */
export function addBookByHand(input: AddBookByHandInput): Promise<CallOutcome<AddBookResult>> {
  return callFunction('addBookByHand', input);
}
