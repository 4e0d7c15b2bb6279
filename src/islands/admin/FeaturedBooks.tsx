import * as Switch from '@radix-ui/react-switch';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_FEATURED_BOOKS_MESSAGE, type AdminFeaturedRequest } from '../../domain/admin-featured.ts';
import { freePreviewTitleSchema } from '../../domain/admin-site-settings.ts';
import { resolveSiteSettings } from '../../domain/site-settings.ts';
import { showToast } from '../../lib/toast.ts';
import type { BookItem } from '../../data/client/admin-featured.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import Dialog from '../ui/Dialog.tsx';
import { useAsync } from '../ui/use-async.ts';

function api() {
  return import('../../data/client/admin-featured.ts');
}

function fail(description: string) {
  showToast({ title: 'Error', description, variant: 'destructive' });
}

/** Runs a change; shows the spec's failure toast (or the 12-book limit) and returns whether it worked. */
async function change(request: AdminFeaturedRequest, failure: string): Promise<boolean> {
  const outcome = await (await api()).adminFeatured(request);
  if (outcome.ok) return true;
  fail(
    outcome.message === MAX_FEATURED_BOOKS_MESSAGE || outcome.code === 'failed-precondition'
      ? outcome.message
      : failure,
  );
  return false;
}

/** Active books matching `query`, or [] after telling the admin it failed. */
async function findBooks(query: string): Promise<BookItem[]> {
  try {
    return (await (await api()).listBooks(query, null)).items.filter((book) => book.is_active);
  } catch (error) {
    console.error('Failed to load books.', error);
    fail('Failed to load books.');
    return [];
  }
}

/** Picks a book for one slot, searching titles and authors. */
function BookPicker({
  position,
  onPicked,
  onClose,
}: {
  position: number;
  onPicked: () => void;
  onClose: () => void;
}) {
  const [text, setText] = useState('');
  const [results, setResults] = useState<BookItem[] | null>(null);
  const [busy, setBusy] = useState(false);

  // Each load is numbered so a slower, earlier answer (the first list) never replaces a later search's.
  const latest = useRef(0);
  const load = useCallback((query: string) => {
    const ticket = ++latest.current;
    void findBooks(query).then((found) => ticket === latest.current && setResults(found));
  }, []);

  function search(event: FormEvent) {
    event.preventDefault();
    setResults(null);
    load(text);
  }

  useEffect(() => {
    load('');
  }, [load]);

  async function pick(book: BookItem) {
    setBusy(true);
    if (
      await change({ action: 'assign-book', position, bookId: book.id }, 'Failed to update featured book')
    ) {
      showToast({ title: 'Success', description: `“${book.title}” is featured in slot ${position}.` });
      onPicked();
      onClose();
    }
    setBusy(false);
  }

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !busy && onClose()}
      title={`Featured book for slot ${position}`}
      description="Whatever holds this slot now is replaced."
    >
      <form role="search" className="mb-3 flex gap-2" onSubmit={search}>
        <label htmlFor="book-picker-search" className="sr-only">
          Search books
        </label>
        <input
          id="book-picker-search"
          type="search"
          className="flex-1 rounded-md border border-line bg-white px-3 py-2"
          placeholder="Title or author"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-outline">
          Search
        </button>
      </form>
      {results === null ? (
        <p role="status">Loading books…</p>
      ) : results.length === 0 ? (
        <p>No active books match.</p>
      ) : (
        <ul className="max-h-80 divide-y divide-line overflow-y-auto" aria-label="Books to feature">
          {results.map((book) => (
            <li key={book.id} className="flex items-center justify-between gap-2 py-2">
              <span>
                {book.title} <span className="text-sm text-ink-muted">{book.author}</span>
              </span>
              <button
                type="button"
                className="btn btn-outline"
                disabled={busy}
                onClick={() => void pick(book)}
                aria-label={`Feature ${book.title}`}
              >
                Feature
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}

/** The global free-preview section title; books whose title is unset, the default or the previous global title follow it. */
function GlobalTitleForm() {
  const [title, setTitle] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void import('../../data/client/admin-site-settings.ts')
      .then(({ loadSiteSettings }) => loadSiteSettings())
      .then((stored) => setTitle(resolveSiteSettings(stored).global_free_preview_title))
      .catch((problem: unknown) => {
        console.error('Failed to load the global title', problem);
        setTitle(resolveSiteSettings(null).global_free_preview_title);
      });
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = freePreviewTitleSchema.safeParse(title ?? '');
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Title is required');
      return;
    }
    setError(null);
    setBusy(true);
    const { adminSiteSettings } = await import('../../data/client/admin-site-settings.ts');
    const outcome = await adminSiteSettings({ action: 'set-free-preview-title', title: parsed.data });
    setBusy(false);
    if (!outcome.ok) {
      fail('Failed to update global title.');
      return;
    }
    showToast({
      title: 'Success',
      description: `Global title updated (${String(outcome.data.updatedBooks ?? 0)} books follow it).`,
    });
  }

  if (title === null) return <p role="status">Loading the global title…</p>;
  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={(event) => void submit(event)}>
      <div className="min-w-64 flex-1">
        <label htmlFor="global-free-preview-title" className="mb-1 block text-sm font-semibold">
          Global free-preview section title
        </label>
        <input
          id="global-free-preview-title"
          className="w-full rounded-md border border-line bg-white px-3 py-2"
          value={title}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'global-title-error' : undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
        {error ? (
          <p id="global-title-error" role="alert" className="mt-1 text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Update Title'}
      </button>
    </form>
  );
}

/** Book Management: the 12 featured-book slots and every book with its feature toggle (a page at a time). */
export default function FeaturedBooks() {
  const [books, setBooks] = useState<BookItem[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [listState, setListState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [picking, setPicking] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const [slots] = useAsync(
    () => api().then((m) => m.loadBookSlots()),
    [version],
    'Failed to load featured books',
  );

  useEffect(() => {
    let current = true;
    void api()
      .then((m) => m.listBooks('', null))
      .then((page) => {
        if (!current) return;
        setBooks(page.items);
        setNext(page.next);
        setListState('ready');
      })
      .catch((error: unknown) => {
        console.error('Failed to load books.', error);
        if (current) setListState('failed');
      });
    return () => {
      current = false;
    };
  }, [version]);

  async function more() {
    if (!next) return;
    try {
      const page = await (await api()).listBooks('', next);
      setBooks((previous) => [...previous, ...page.items]);
      setNext(page.next);
    } catch (error) {
      console.error('Failed to load books.', error);
      fail('Failed to load books.');
    }
  }

  async function remove(position: number) {
    setBusy(`slot-${position}`);
    if (await change({ action: 'remove-book', position }, 'Failed to remove featured book')) {
      showToast({ title: 'Success', description: `Slot ${position} is empty.` });
      refresh();
    }
    setBusy(null);
  }

  async function toggle(book: BookItem, featured: boolean) {
    setBusy(book.id);
    if (
      await change(
        { action: 'set-book-featured', bookId: book.id, featured },
        featured ? 'Failed to update featured book' : 'Failed to remove featured book',
      )
    ) {
      showToast({
        title: 'Success',
        description: featured ? `“${book.title}” is featured.` : `“${book.title}” is no longer featured.`,
      });
      refresh();
    }
    setBusy(null);
  }

  return (
    <div className="space-y-6">
      <GlobalTitleForm />
      <section aria-labelledby="featured-books-heading" className="space-y-3">
        <h2 id="featured-books-heading" className="text-xl font-bold">
          Featured Books (12 slots)
        </h2>
        <AsyncContent
          state={slots}
          loading="Loading featured books…"
          failed="The featured books could not be loaded."
        >
          {(list) => (
            <ol className="grid gap-2 md:grid-cols-2 lg:grid-cols-3" aria-label="Featured book slots">
              {list.map((book, index) => (
                <li
                  key={index}
                  className="flex items-center justify-between gap-2 rounded border border-line bg-white p-3"
                  aria-label={`Slot ${index + 1}`}
                >
                  <span>
                    <span className="font-semibold">{index + 1}.</span>{' '}
                    {book ? book.title : <span className="text-ink-muted">Empty</span>}
                  </span>
                  <span className="flex gap-1">
                    <button type="button" className="btn btn-outline" onClick={() => setPicking(index + 1)}>
                      {book ? 'Change' : 'Assign'}
                    </button>
                    {book ? (
                      <button
                        type="button"
                        className="btn btn-outline"
                        disabled={busy === `slot-${index + 1}`}
                        onClick={() => void remove(index + 1)}
                      >
                        Remove
                      </button>
                    ) : null}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </AsyncContent>
      </section>

      <section aria-labelledby="all-books-heading" className="space-y-3">
        <h2 id="all-books-heading" className="text-xl font-bold">
          All Books
        </h2>
        {listState === 'loading' ? (
          <p role="status">Loading books…</p>
        ) : listState === 'failed' ? (
          <p role="alert" className="font-semibold text-red-700">
            Failed to load books.
          </p>
        ) : books.length === 0 ? (
          <p>No books yet.</p>
        ) : (
          <ul className="divide-y divide-line rounded border border-line bg-white" aria-label="All books">
            {books.map((book) => (
              <li key={book.id} className="flex items-center justify-between gap-3 p-3">
                <span>
                  <a className="underline" href={`/book/${book.id}`}>
                    {book.title}
                  </a>{' '}
                  <span className="text-sm text-ink-muted">{book.author}</span>
                  {!book.is_active ? (
                    <span className="ml-2 rounded bg-parchment px-2 text-sm">Inactive</span>
                  ) : null}
                </span>
                <span className="flex items-center gap-2">
                  <label htmlFor={`featured-${book.id}`} className="text-sm">
                    Featured
                  </label>
                  <Switch.Root
                    id={`featured-${book.id}`}
                    checked={book.is_featured}
                    disabled={busy === book.id || (!book.is_active && !book.is_featured)}
                    onCheckedChange={(checked) => void toggle(book, checked)}
                    className="relative h-6 w-11 rounded-full bg-line data-[state=checked]:bg-accent disabled:opacity-50"
                  >
                    <Switch.Thumb className="block h-5 w-5 translate-x-0.5 rounded-full bg-white transition-transform data-[state=checked]:translate-x-5" />
                  </Switch.Root>
                </span>
              </li>
            ))}
          </ul>
        )}
        {next ? (
          <button type="button" className="btn btn-outline" onClick={() => void more()}>
            Load more
          </button>
        ) : null}
      </section>
      {picking !== null ? (
        <BookPicker position={picking} onPicked={refresh} onClose={() => setPicking(null)} />
      ) : null}
    </div>
  );
}
