/**
 * Edit mode on /book/{id} for the book's owner or an admin: an Edit toggle (or
 * ?edit=true on arrival), the book editor in place of the page's content, and
 * after a save or delete a reload that shows the stored result. On the
 * not-found page of a disabled book, the owner and admins see the book marked
 * as disabled, with the same editor. Anyone else sees nothing of this.
 */
import { useEffect, useState } from 'react';
import { authorProfilePath, type Book } from '../../domain/book.ts';
import { ITEM_MESSAGES } from '../../domain/item-save.ts';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import { hasKeptDraft } from '../../lib/kept-draft.ts';
import BookEditor, { bookDraftKey } from './BookEditor.tsx';

interface Props {
  bookId: string;
  /** Hides or shows the page's own content: hidden while editing (always, on the not-found page of a disabled book). */
  setViewHidden: (hidden: boolean) => void;
}

type State = { status: 'loading' } | { status: 'none' } | { status: 'ready'; book: Book; admin: boolean };

async function loadForEditing(bookId: string): Promise<State> {
  const { currentAccount } = await import('../../data/client/auth.ts');
  const account = await currentAccount();
  if (!account) return { status: 'none' };
  const { loadBook } = await import('../../data/client/items.ts');
  const book = await loadBook(bookId);
  if (!book || (book.user_id !== account.uid && !account.admin)) return { status: 'none' };
  return { status: 'ready', book, admin: account.admin };
}

/** True when the address asks for edit mode (?edit=true). */
function editRequested(): boolean {
  return new URLSearchParams(location.search).get('edit') === 'true';
}

/** Drops ?edit=true from the address, so a reload shows the view. */
function forgetEditParam(): void {
  const url = new URL(location.href);
  if (!url.searchParams.has('edit')) return;
  url.searchParams.delete('edit');
  history.replaceState(history.state, '', url);
}

export default function BookPageEditor({ bookId, setViewHidden }: Props) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    void loadForEditing(bookId)
      .then((next) => {
        setState(next);
        // Edit mode opens when asked, or when unsaved changes were kept across a new sign-in.
        if (
          next.status === 'ready' &&
          (editRequested() || hasKeptDraft(bookDraftKey(next.book.id, next.book.user_id)))
        )
          setEditing(true);
      })
      .catch((error: unknown) => {
        console.error('Failed to load book for editing', error);
        showToast({ title: 'Error', description: ITEM_MESSAGES.bookLoadFailed, variant: 'destructive' });
        setState({ status: 'none' });
      });
  }, [bookId]);

  const disabled = state.status === 'ready' && !state.book.is_active;
  useEffect(() => {
    if (state.status !== 'ready') return;
    setViewHidden(editing || disabled);
  }, [editing, disabled, state.status, setViewHidden]);

  if (state.status !== 'ready') return null;
  const { book, admin } = state;

  function cancel() {
    setEditing(false);
    forgetEditParam();
  }

  function saved() {
    setFlash({ title: 'Success', description: ITEM_MESSAGES.bookUpdated });
    location.assign(`/book/${encodeURIComponent(book.id)}`);
  }

  function deleted() {
    setFlash({ title: 'Success', description: ITEM_MESSAGES.bookDeleted });
    location.assign(authorProfilePath(book));
  }

  return (
    <div className="mb-6 space-y-4" data-book-owner-tools>
      {disabled ? (
        <div
          role="status"
          className="rounded-lg border-2 border-red-700 bg-accent-soft p-4"
          data-book-disabled-notice
        >
          <p className="font-bold text-ink">“{book.title}” is disabled</p>
          <p className="text-sm text-ink">
            Only its owner and admins can see it; visitors get “Book Not Found”.
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button
          type="button"
          className="btn btn-outline"
          aria-pressed={editing}
          onClick={() => (editing ? cancel() : setEditing(true))}
        >
          Edit
        </button>
      </div>
      {editing ? (
        <BookEditor
          book={book}
          userId={book.user_id}
          admin={admin}
          onCancel={cancel}
          onSaved={saved}
          onDeleted={deleted}
        />
      ) : null}
    </div>
  );
}
