/**
 * /librarian: a librarian's (or an admin's) desk. The hand-added books awaiting review,
 * each with its page and "Mark as reviewed", and the form to merge two duplicates by
 * id or page address. Editing and splitting a book are on its page. Everything is
 * checked again by curateCatalogue; this only decides what to show.
 */
import { useEffect, useState } from 'react';
import { CURATION_MESSAGES, type QueueBook } from '../../domain/admin/catalogue-curation.ts';
import { formatIsbn } from '../../domain/books/isbn.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import MergeBooksForm from './MergeBooksForm.tsx';

function api() {
  return import('../../data/client/admin/catalogue-curation.ts');
}

type State = 'checking' | 'signed-out' | 'refused' | 'ready';

/** The review queue. */
function ReviewQueue() {
  const [books, setBooks] = useState<QueueBook[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void api()
      .then(({ reviewQueue }) => reviewQueue())
      .then((outcome) => (outcome.ok ? setBooks(outcome.data.books) : setFailed(true)));
  }, []);

  async function reviewed(book: QueueBook) {
    const outcome = await (await api()).markReviewed(book.id);
    if (!outcome.ok) {
      showToast(failureToast('Failed to mark the book as reviewed.', outcome));
      return;
    }
    setBooks((list) => list?.filter((entry) => entry.id !== book.id) ?? null);
    showToast({ title: 'Success', description: CURATION_MESSAGES.reviewed });
  }

  if (failed)
    return (
      <p role="alert" className="font-semibold text-red-700">
        The review queue could not be loaded.
      </p>
    );
  if (books === null) return <p role="status">Loading the review queue…</p>;
  if (books.length === 0) return <p className="text-ink-muted">No hand-added book is waiting for review.</p>;
  return (
    <ul
      className="divide-y divide-line rounded border border-line bg-white"
      aria-label="Books awaiting review"
    >
      {books.map((book) => (
        <li key={book.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
          <span>
            <a className="font-semibold text-accent underline" href={`/book/${encodeURIComponent(book.id)}`}>
              {book.title}
            </a>{' '}
            by {book.authors}
            {book.isbn ? (
              <span className="text-sm text-ink-muted"> · ISBN {formatIsbn(book.isbn)}</span>
            ) : null}
            <span className="text-sm text-ink-muted"> (id {book.id})</span>
          </span>
          <button type="button" className="btn btn-outline" onClick={() => void reviewed(book)}>
            Mark as reviewed
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The desk (see the file comment). */
export default function LibrarianDesk() {
  const [state, setState] = useState<State>('checking');
  useEffect(() => {
    void (async () => {
      const { confirmedAccount } = await import('../../data/client/shared/auth.ts');
      if (!(await confirmedAccount())) return setState('signed-out');
      const outcome = await (await api()).curatorStatus();
      setState(outcome.ok && outcome.data.curator ? 'ready' : 'refused');
    })().catch(() => setState('refused'));
  }, []);

  if (state === 'checking') return <p role="status">Loading…</p>;
  if (state === 'signed-out')
    return (
      <p>
        <a className="btn btn-primary" href="/auth">
          Log in
        </a>
      </p>
    );
  if (state === 'refused')
    return (
      <p role="alert" className="font-semibold">
        {CURATION_MESSAGES.notCurator}
      </p>
    );
  return (
    <div className="space-y-10">
      <section aria-labelledby="queue-heading" className="space-y-3">
        <h2 id="queue-heading" className="font-serif text-2xl font-bold">
          Awaiting review
        </h2>
        <p className="text-sm text-ink-muted">
          Books readers added by hand. Check each against its cover or an outside catalogue, correct it on its
          page (Edit), merge it into an existing book if it is a duplicate, then mark it reviewed.
        </p>
        <ReviewQueue />
      </section>
      <section aria-labelledby="merge-heading" className="space-y-3">
        <h2 id="merge-heading" className="font-serif text-2xl font-bold">
          Merge duplicates
        </h2>
        <p className="text-sm text-ink-muted">
          Readers’ shelves, read-throughs, ratings, reviews and custom-shelf entries move to the kept book
          with the duplicate’s editions and ISBNs; the duplicate’s page leads to the kept one from then on.
        </p>
        <MergeBooksForm />
      </section>
    </div>
  );
}
