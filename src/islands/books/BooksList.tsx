/**
 * The profile editor's Books section: the member's books (disabled ones marked),
 * each edited in place with the full book editor (the same one the book page
 * uses) or opened on its page, and Add Book for a new one. Each book is saved at
 * once through the book functions, apart from the profile's own Save. The free
 * plan's counter turns orange at 2 and red at 3, where Add Book is disabled and
 * the plan's message shows; the server refuses a fourth book whatever this shows.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Book } from '../../domain/book.ts';
import { ITEM_MESSAGES } from '../../domain/item-save.ts';
import { LIMIT_MESSAGES, limitLevel, PLAN_LIMITS } from '../../domain/plan-limits.ts';
import type { SubscriptionStatus } from '../../domain/profile.ts';
import { showToast } from '../../lib/toast.ts';
import BookEditor from './BookEditor.tsx';

const LEVEL_CLASS = { normal: 'text-ink-muted', warning: 'text-orange-800', limit: 'text-red-700' } as const;

interface Props {
  userId: string;
  subscription: SubscriptionStatus;
  admin: boolean;
  idPrefix?: string;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; books: Book[] };

/** The member's books, or the failed state (logged). */
async function fetchBooks(userId: string): Promise<Load> {
  try {
    const { loadMemberBooks } = await import('../../data/client/items.ts');
    return { status: 'ready', books: await loadMemberBooks(userId) };
  } catch (error) {
    console.error('Failed to load books', error);
    return { status: 'failed' };
  }
}

export default function BooksList({ userId, subscription, admin, idPrefix = 'bl' }: Props) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  /** The book being edited: its id, 'new', or null. */
  const [open, setOpen] = useState<string | null>(null);
  const reload = useCallback(() => fetchBooks(userId).then(setLoad), [userId]);

  useEffect(() => {
    let live = true;
    void fetchBooks(userId).then((next) => {
      if (live) setLoad(next);
    });
    return () => {
      live = false;
    };
  }, [userId]);

  const books = load.status === 'ready' ? load.books : [];
  const level = limitLevel(books.length, subscription);
  const limit = PLAN_LIMITS[subscription].books;
  const headingId = `${idPrefix}-books-heading`;

  async function done(description: string) {
    setOpen(null);
    showToast({ title: 'Success', description });
    await reload();
  }

  return (
    <section aria-labelledby={headingId} className="space-y-4" data-books-section>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Books
        </h2>
        {Number.isFinite(limit) && load.status === 'ready' ? (
          <p
            className={`text-sm font-semibold ${LEVEL_CLASS[level]}`}
            aria-live="polite"
            data-books-counter={level}
          >
            {books.length}/{limit} books (free plan)
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">Books are saved on their own, as soon as you save each one.</p>
      {load.status === 'loading' ? (
        <p role="status" className="text-ink-muted">
          Loading books…
        </p>
      ) : null}
      {load.status === 'failed' ? (
        <div role="alert" className="space-y-2">
          <p className="font-semibold text-red-700">Failed to load books.</p>
          <button type="button" className="btn btn-outline" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : null}
      {load.status === 'ready' && books.length === 0 && open !== 'new' ? (
        <p className="text-ink-muted">No books yet.</p>
      ) : null}
      <ul className="space-y-3">
        {books.map((book) => (
          <li key={book.id} className="rounded-lg border border-line bg-white/60 p-4">
            {open === book.id ? (
              <BookEditor
                book={book}
                userId={userId}
                admin={admin}
                onCancel={() => setOpen(null)}
                onSaved={() => void done(ITEM_MESSAGES.bookUpdated)}
                onDeleted={() => void done(ITEM_MESSAGES.bookDeleted)}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="min-w-0 font-semibold break-words">
                  <a href={`/book/${encodeURIComponent(book.id)}`} className="text-ink underline">
                    {book.title}
                  </a>
                  {!book.is_active ? (
                    <span className="ml-2 rounded-full bg-accent-soft px-2 py-0.5 text-xs font-bold text-red-700">
                      Disabled
                    </span>
                  ) : null}
                </p>
                <button
                  type="button"
                  className="btn btn-outline"
                  onClick={() => setOpen(book.id)}
                  disabled={open !== null}
                >
                  Edit {book.title}
                </button>
              </div>
            )}
          </li>
        ))}
      </ul>
      {open === 'new' ? (
        <BookEditor
          book={null}
          userId={userId}
          admin={admin}
          onCancel={() => setOpen(null)}
          onSaved={() => void done(ITEM_MESSAGES.bookAdded)}
        />
      ) : null}
      {level === 'limit' ? (
        <p role="status" className="font-semibold text-red-700">
          {LIMIT_MESSAGES.books}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={load.status !== 'ready' || level === 'limit' || open !== null}
        onClick={() => setOpen('new')}
      >
        Add Book
      </button>
    </section>
  );
}
