import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { MAX_FEATURED_BOOKS_MESSAGE, type AdminFeaturedRequest } from '../../domain/admin/admin-featured.ts';
import {
  freePreviewTitleFormSchema,
  type FreePreviewTitleForm,
} from '../../domain/admin/admin-site-settings.ts';
import { resolveSiteSettings } from '../../domain/site/site-settings.ts';
import { showToast } from '../../lib/toast.ts';
import type { BookItem } from '../../data/client/admin/admin-featured.ts';
import AsyncContent from '../ui/AsyncContent.tsx';
import { Field, SubmitButton } from '../ui/fields.tsx';
import PickerDialog from '../ui/PickerDialog.tsx';
import Switch from '../ui/Switch.tsx';
import { useAsync, usePagedAsync } from '../ui/use-async.ts';
import FeaturedSlots from './FeaturedSlots.tsx';

function api() {
  return import('../../data/client/admin/admin-featured.ts');
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

const BOOK_PICKER_TEXTS = {
  description: 'Whatever holds this slot now is replaced.',
  searchId: 'book-picker-search',
  searchLabel: 'Search books',
  placeholder: 'Title or author',
  loading: 'Loading books…',
  empty: 'No active books match.',
  listLabel: 'Books to feature',
  failureLog: 'Failed to load books.',
  failureToast: 'Failed to load books.',
} as const;

/** Picks a book for one slot, searching titles and authors among the active books. */
function BookPicker({
  position,
  onPicked,
  onClose,
}: {
  position: number;
  onPicked: () => void;
  onClose: () => void;
}) {
  async function pick(book: BookItem): Promise<boolean> {
    if (
      !(await change({ action: 'assign-book', position, bookId: book.id }, 'Failed to update featured book'))
    )
      return false;
    showToast({ title: 'Success', description: `“${book.title}” is featured in slot ${position}.` });
    onPicked();
    return true;
  }

  return (
    <PickerDialog
      texts={{ ...BOOK_PICKER_TEXTS, title: `Featured book for slot ${position}` }}
      find={async (query) =>
        (await (await api()).listBooks(query, null)).items.filter((book) => book.is_active)
      }
      itemKey={(book) => book.id}
      itemName={(book) => book.title}
      itemDetail={(book) => book.author}
      onPick={pick}
      onClose={onClose}
    />
  );
}

/** Loads the stored global free-preview title (the default where none is stored or it cannot be read), then shows its form. */
function GlobalTitle() {
  const [title, setTitle] = useState<string | null>(null);

  useEffect(() => {
    void import('../../data/client/admin/admin-site-settings.ts')
      .then(({ loadSiteSettings }) => loadSiteSettings())
      .then((stored) => setTitle(resolveSiteSettings(stored).global_free_preview_title))
      .catch((problem: unknown) => {
        console.error('Failed to load the global title', problem);
        setTitle(resolveSiteSettings(null).global_free_preview_title);
      });
  }, []);

  if (title === null) return <p role="status">Loading the global title…</p>;
  return <GlobalTitleForm initialTitle={title} />;
}

/**
 * The global free-preview section title; books whose title is unset, the default or the
 * previous global title follow it. Saved trimmed; an empty or over-long title is refused
 * inline and nothing is sent.
 */
export function GlobalTitleForm({ initialTitle }: { initialTitle: string }) {
  const { register, handleSubmit, formState } = useForm<FreePreviewTitleForm>({
    resolver: zodResolver(freePreviewTitleFormSchema),
    defaultValues: { title: initialTitle },
  });

  async function submit({ title }: FreePreviewTitleForm) {
    const { adminSiteSettings } = await import('../../data/client/admin/admin-site-settings.ts');
    const outcome = await adminSiteSettings({ action: 'set-free-preview-title', title });
    if (!outcome.ok) {
      fail('Failed to update global title.');
      return;
    }
    showToast({
      title: 'Success',
      description: `Global title updated (${String(outcome.data.updatedBooks ?? 0)} books follow it).`,
    });
  }

  return (
    <form className="flex flex-wrap items-end gap-2" noValidate onSubmit={handleSubmit(submit)}>
      <div className="min-w-64 flex-1">
        <Field
          id="global-free-preview-title"
          label="Global free-preview section title"
          error={formState.errors.title?.message}
          {...register('title')}
        />
      </div>
      <SubmitButton busy={formState.isSubmitting}>Update Title</SubmitButton>
    </form>
  );
}

/** Book Management: the 12 featured-book slots and every book with its feature toggle (a page at a time). */
export default function FeaturedBooks() {
  const [picking, setPicking] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const [slots] = useAsync(
    () => api().then((m) => m.loadBookSlots()),
    [version],
    'Failed to load featured books',
  );
  const books = usePagedAsync(
    async (cursor) => (await api()).listBooks('', cursor),
    [version],
    'Failed to load books.',
  );

  async function more() {
    if (!(await books.loadMore())) fail('Failed to load books.');
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
      <GlobalTitle />
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
            <FeaturedSlots
              label="Featured book slots"
              slots={list}
              name={(book) => book.title}
              removing={(position) => busy === `slot-${position}`}
              onPick={setPicking}
              onRemove={(position) => void remove(position)}
            />
          )}
        </AsyncContent>
      </section>

      <section aria-labelledby="all-books-heading" className="space-y-3">
        <h2 id="all-books-heading" className="text-xl font-bold">
          All Books
        </h2>
        <AsyncContent
          state={books.state}
          loading="Loading books…"
          failed="Failed to load books."
          empty="No books yet."
        >
          {(list) => (
            <ul className="divide-y divide-line rounded border border-line bg-white" aria-label="All books">
              {list.map((book) => (
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
                    <Switch
                      id={`featured-${book.id}`}
                      checked={book.is_featured}
                      disabled={busy === book.id || (!book.is_active && !book.is_featured)}
                      onCheckedChange={(checked) => void toggle(book, checked)}
                    />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </AsyncContent>
        {books.hasMore ? (
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
