/**
 * /books/add: one search box for a title, an author or an ISBN (typed, or scanned
 * with the camera where the browser can read barcodes), Shelfmark's books first and
 * then Open Library's works, each added with one button; a book nobody knows is
 * added by hand. The page opens with ?q= (a search to run) and ?title=&author=&isbn=
 * (the by-hand form filled in, as the import's report links it).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  ADD_BOOK_MESSAGES,
  FIND_QUERY_MAX,
  addBookByHandSchema,
  findBooksRequestSchema,
  type AddBookResult,
  type FindBooksResult,
  type FoundWork,
} from '../../domain/catalogue/add-book.ts';
import { TEXT_LIMITS } from '../../domain/shared/common.ts';
import { showToast } from '../../lib/toast.ts';
import { failureToast } from '../ui/failure-toast.ts';
import { SubmitButton, TextInput } from '../ui/fields.tsx';
import { submitValid } from '../ui/submit-valid.ts';
import IsbnScanner, { canScanBarcodes } from './IsbnScanner.tsx';

type Account = 'checking' | 'signed-out' | 'signed-in';
type Search =
  | { step: 'idle' }
  | { step: 'searching'; query: string }
  | { step: 'done'; query: string; result: FindBooksResult }
  | { step: 'failed'; message: string };

type SearchInput = z.input<typeof findBooksRequestSchema>;
type HandInput = z.input<typeof addBookByHandSchema>;
type HandValues = z.output<typeof addBookByHandSchema>;

/** Opens the book's page, saying whether it was added or already here. */
function openBook(result: AddBookResult): void {
  showToast({ title: result.existing ? ADD_BOOK_MESSAGES.alreadyHere : ADD_BOOK_MESSAGES.added });
  location.assign(`/book/${result.bookId}`);
}

function WorkRow({ work, busy, onAdd }: { work: FoundWork; busy: boolean; onAdd: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-found-work={work.workId}>
      <div className="min-w-0">
        <p className="font-semibold break-words text-ink">{work.title}</p>
        <p className="text-sm text-ink-muted">
          {[
            work.authors || 'Unknown author',
            work.year,
            work.editionCount > 1 ? `${work.editionCount} editions` : null,
            work.isbn ? `ISBN ${work.isbn}` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <button type="button" className="btn btn-outline" disabled={busy} onClick={onAdd}>
        {busy ? 'Adding…' : 'Add to Shelfmark'}
        <span className="sr-only"> for {work.title}</span>
      </button>
    </li>
  );
}

/** The page's island (see the file comment). */
export default function AddBook() {
  const [account, setAccount] = useState<Account>('checking');
  const [search, setSearch] = useState<Search>({ step: 'idle' });
  const [adding, setAdding] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const [scanner, setScanner] = useState(false);
  const handRef = useRef<HTMLDetailsElement>(null);
  const searchForm = useForm<SearchInput, unknown, SearchInput>({
    resolver: zodResolver(findBooksRequestSchema),
    defaultValues: { query: '' },
  });
  const handForm = useForm<HandInput, unknown, HandValues>({
    resolver: zodResolver(addBookByHandSchema),
    defaultValues: { title: '', author: '', isbn: '' },
  });

  async function runSearch(query: string) {
    setSearch({ step: 'searching', query });
    const { findBooks } = await import('../../data/client/catalogue/add-book.ts');
    const outcome = await findBooks(query);
    if (!outcome.ok) {
      if (outcome.code === 'invalid-argument') searchForm.setError('query', { message: outcome.message });
      setSearch({ step: 'failed', message: outcome.message || ADD_BOOK_MESSAGES.addFailed });
      return;
    }
    setSearch({ step: 'done', query, result: outcome.data });
  }

  useEffect(() => {
    void (async () => {
      const { confirmedAccount } = await import('../../data/client/shared/auth.ts');
      const me = await confirmedAccount();
      setScanner(canScanBarcodes());
      setAccount(me ? 'signed-in' : 'signed-out');
      if (!me) return;
      const params = new URLSearchParams(location.search);
      const hand = {
        title: params.get('title') ?? '',
        author: params.get('author') ?? '',
        isbn: params.get('isbn') ?? '',
      };
      if (hand.title || hand.author || hand.isbn) {
        handForm.reset(hand);
        if (handRef.current) handRef.current.open = true;
      }
      const query = (
        params.get('q') ??
        (hand.isbn || [hand.title, hand.author].filter(Boolean).join(' '))
      ).trim();
      if (query) {
        searchForm.setValue('query', query.slice(0, FIND_QUERY_MAX));
        await runSearch(query.slice(0, FIND_QUERY_MAX));
      }
    })().catch(() => setAccount('signed-out'));
    // Runs once, when the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function addWork(work: FoundWork) {
    setAdding(work.workId);
    const { addCatalogueBook } = await import('../../data/client/catalogue/add-book.ts');
    const outcome = await addCatalogueBook(work.workId, work.isbn);
    if (!outcome.ok) {
      setAdding(null);
      showToast(failureToast('The book was not added.', outcome));
      return;
    }
    openBook(outcome.data);
  }

  async function addByHand(values: HandValues) {
    const { addBookByHand } = await import('../../data/client/catalogue/add-book.ts');
    const outcome = await addBookByHand({ ...values, isbn: values.isbn ?? '' });
    if (!outcome.ok) {
      if (outcome.code === 'invalid-argument' && /ISBN/.test(outcome.message))
        handForm.setError('isbn', { message: outcome.message });
      showToast(failureToast('The book was not added.', outcome));
      return;
    }
    openBook(outcome.data);
  }

  if (account === 'checking') return <p role="status">Loading…</p>;
  if (account === 'signed-out')
    return (
      <p className="rounded-lg border border-line bg-parchment p-6" data-add-book-sign-in>
        {ADD_BOOK_MESSAGES.signIn}{' '}
        <a className="font-semibold text-accent underline" href="/auth">
          Sign in
        </a>
      </p>
    );

  const result = search.step === 'done' ? search.result : null;
  const nothing = result !== null && result.shelfmark.length === 0 && result.openLibrary.length === 0;

  return (
    <div className="space-y-8" data-add-book>
      <FormProvider {...searchForm}>
        <form
          role="search"
          aria-label="Find a book"
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={submitValid(searchForm, (values) => runSearch(values.query))}
        >
          <div className="min-w-0 flex-1 basis-64">
            <TextInput
              name="query"
              label="Title, author or ISBN"
              idPrefix="add-book"
              type="search"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={FIND_QUERY_MAX}
            />
          </div>
          <SubmitButton busy={search.step === 'searching'} busyLabel="Searching…">
            Search
          </SubmitButton>
          {scanner && (
            <button type="button" className="btn btn-outline" onClick={() => setScanning(true)}>
              Scan an ISBN
            </button>
          )}
        </form>
      </FormProvider>
      {scanning && (
        <IsbnScanner
          onClose={() => setScanning(false)}
          onIsbn={(isbn) => {
            setScanning(false);
            searchForm.setValue('query', isbn);
            void runSearch(isbn);
          }}
        />
      )}

      <div aria-live="polite" className="space-y-6">
        {search.step === 'searching' && <p role="status">Searching Shelfmark and Open Library…</p>}
        {search.step === 'failed' && (
          <p role="alert" className="font-semibold text-red-700">
            {search.message}
          </p>
        )}
        {result?.sourceProblem && (
          <p
            role="status"
            className="rounded-md border border-gold bg-parchment px-4 py-2 text-sm"
            data-source-problem
          >
            {result.sourceProblem}
          </p>
        )}
        {nothing && <p data-add-book-none>{ADD_BOOK_MESSAGES.notFoundAnywhere}</p>}
        {result && result.shelfmark.length > 0 && (
          <section aria-labelledby="on-shelfmark">
            <h2 id="on-shelfmark" className="font-serif text-xl font-bold text-ink">
              On Shelfmark
            </h2>
            <ul
              className="mt-3 divide-y divide-line rounded-lg border border-line bg-paper"
              data-found-on-shelfmark
            >
              {result.shelfmark.map((book) => (
                <li key={book.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="font-semibold break-words text-ink">{book.title}</p>
                    <p className="text-sm text-ink-muted">
                      {[book.authors, book.year].filter(Boolean).join(' · ')}
                    </p>
                  </div>
                  <a className="btn btn-primary" href={`/book/${book.id}`}>
                    Open<span className="sr-only"> {book.title}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        )}
        {result && result.openLibrary.length > 0 && (
          <section aria-labelledby="from-open-library">
            <h2 id="from-open-library" className="font-serif text-xl font-bold text-ink">
              From Open Library
            </h2>
            <p className="mt-1 text-sm text-ink-muted">
              Not on Shelfmark yet: adding one makes it a book every reader can shelve.
            </p>
            <ul
              className="mt-3 divide-y divide-line rounded-lg border border-line bg-paper"
              data-found-in-source
            >
              {result.openLibrary.map((work) => (
                <WorkRow
                  key={work.workId}
                  work={work}
                  busy={adding === work.workId}
                  onAdd={() => void addWork(work)}
                />
              ))}
            </ul>
          </section>
        )}
      </div>

      <details
        ref={handRef}
        className="rounded-lg border border-line bg-parchment p-6"
        open={nothing || undefined}
        data-add-by-hand
      >
        <summary className="cursor-pointer font-semibold text-ink">Not found? Add it by hand</summary>
        <p className="mt-2 text-sm text-ink-muted">
          A book you add by hand is marked as such until a librarian reviews it.
        </p>
        <FormProvider {...handForm}>
          <form
            noValidate
            aria-label="Add a book by hand"
            className="mt-4 grid gap-4 sm:grid-cols-2"
            onSubmit={submitValid(handForm, addByHand)}
          >
            <TextInput
              name="title"
              label="Title"
              idPrefix="hand"
              markRequired
              maxLength={TEXT_LIMITS.title}
            />
            <TextInput
              name="author"
              label="Author"
              idPrefix="hand"
              markRequired
              maxLength={TEXT_LIMITS.name}
            />
            <TextInput
              name="isbn"
              label="ISBN (optional)"
              idPrefix="hand"
              inputMode="numeric"
              maxLength={20}
            />
            <div className="flex items-end">
              <SubmitButton busy={handForm.formState.isSubmitting} busyLabel="Adding…">
                Add book
              </SubmitButton>
            </div>
          </form>
        </FormProvider>
      </details>
    </div>
  );
}
