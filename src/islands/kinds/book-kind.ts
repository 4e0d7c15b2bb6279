/**
 * Books as an owned-item kind for the editor kit of src/islands/items/: the book
 * editor's schema and values, the book's own fields and its texts. It lives with the
 * kinds, above books, because it joins the book's fields to the kinds' data calls.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { authorProfilePath, type Book } from '../../domain/books/book.ts';
import {
  bookEditorSchema,
  editorToBookForm,
  toEditorValues,
  type BookEditorValues,
} from '../../domain/books/book-editor.ts';
import { isCatalogueIsbnMessage } from '../../domain/books/author-claim.ts';
import { ISBN_MESSAGES } from '../../domain/books/isbn.ts';
import { ITEM_MESSAGES } from '../../domain/items/item-save.ts';
import type { OwnedItemKind } from '../items/owned-item-kind.ts';
import BookFields from '../books/BookFields.tsx';

/** The data layer, loaded only when a book is read or written. */
const items = () => import('../../data/client/kinds/items.ts');

export const bookKind: OwnedItemKind<Book, BookEditorValues> = {
  name: 'book',
  plural: 'books',
  limit: 'books',
  idPrefix: 'book',
  listIdPrefix: 'bl',
  resolver: zodResolver(bookEditorSchema),
  toValues: toEditorValues,
  Fields: BookFields,
  adminSection: true,
  adminFlags: [
    {
      name: 'is_active',
      label: 'Active',
      hint: 'A disabled book is hidden from everyone but its owner and admins.',
    },
  ],
  formClass: 'space-y-8 rounded-xl border border-line bg-paper p-4 sm:p-6',
  footerClass: 'flex flex-wrap gap-2 border-t border-line pt-6',
  path: (book) => `/book/${encodeURIComponent(book.id)}`,
  pathAfterDelete: authorProfilePath,
  load: async (id) => (await items()).loadItem('book', id),
  loadMemberItems: async (userId) => (await items()).loadMemberItems('book', userId),
  save: async ({ itemId, userId, values, admin }) =>
    (await items()).saveItem('book', { id: itemId, userId, fields: editorToBookForm(values), admin }),
  remove: async (id) => (await items()).deleteItem('book', id),
  // saveBook's refusal of an ISBN another book holds (or a catalogue book, offered to claim) is said at the ISBN field.
  refusedField: ({ code, message }) =>
    code === 'already-exists' && (message === ISBN_MESSAGES.taken || isCatalogueIsbnMessage(message))
      ? { field: 'isbn', message }
      : null,
  texts: {
    addLabel: 'Add a book',
    deleteButton: 'Delete Book',
    deleteTitle: 'Delete Book',
    saveFailed: ITEM_MESSAGES.bookSaveFailed,
    deleteFailed: ITEM_MESSAGES.bookDeleteFailed,
    added: ITEM_MESSAGES.bookAdded,
    updated: ITEM_MESSAGES.bookUpdated,
    deleted: ITEM_MESSAGES.bookDeleted,
    listHeading: 'Books',
    listNote: 'Books are saved on their own, as soon as you save each one.',
    listLoading: 'Loading books…',
    listLoadFailed: 'Failed to load books.',
    listEmpty: 'No books yet.',
    addButton: 'Add Book',
    counterNoun: 'books',
    pageLoadFailed: ITEM_MESSAGES.bookLoadFailed,
    notFoundTitle: 'Book Not Found',
  },
};
