/**
 * A catalogue book's page, for a librarian or an admin only (CatalogueCurationLoader
 * mounts it after the paint when the session hint and librarians/{uid} say so): Edit
 * (title, authors, description, subjects, first published and each edition's details,
 * validated with the callable's own schema), Mark as reviewed for a hand-added book,
 * Merge a duplicate into this book, and Split editions off to a new book. Each action
 * goes through curateCatalogue, which checks the caller again; the page reloads after.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  CURATION_MESSAGES,
  catalogueBookEditSchema,
  type CatalogueBookEdit,
  type CatalogueBookEditInput,
} from '../../domain/admin/catalogue-curation.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import Dialog from '../ui/Dialog.tsx';
import { AreaField, Field, SubmitButton } from '../ui/fields.tsx';
import { failureToast } from '../ui/failure-toast.ts';
import MergeBooksForm from './MergeBooksForm.tsx';

/** What the page hands the tools about its book (data-curation-book). */
export interface CuratedBook {
  id: string;
  title: string;
  authors: string[];
  description: string | null;
  subjects: string[];
  first_published: number | null;
  needs_review: boolean;
  editions: {
    label: string;
    format: string | null;
    publisher: string | null;
    publication_year: number | null;
    pages: number | null;
  }[];
}

function api() {
  return import('../../data/client/admin/catalogue-curation.ts');
}

function reloadSoon() {
  window.setTimeout(() => window.location.reload(), 600);
}

/** The edit dialog's form. */
function EditForm({ book, onDone }: { book: CuratedBook; onDone: () => void }) {
  const { register, handleSubmit, formState } = useForm<CatalogueBookEditInput, unknown, CatalogueBookEdit>({
    resolver: zodResolver(catalogueBookEditSchema),
    defaultValues: {
      title: book.title,
      authors: book.authors.join('\n'),
      description: book.description ?? '',
      subjects: book.subjects.join('\n'),
      first_published: book.first_published === null ? '' : String(book.first_published),
      editions: book.editions.map((edition) => ({
        format: edition.format ?? '',
        publisher: edition.publisher ?? '',
        publication_year: edition.publication_year === null ? '' : String(edition.publication_year),
        pages: edition.pages === null ? '' : String(edition.pages),
      })),
    },
  });
  const errors = formState.errors;
  const save = handleSubmit(async (edit) => {
    const outcome = await (await api()).editBook(book.id, edit);
    if (!outcome.ok) {
      showToast(failureToast('Failed to save the book.', outcome));
      return;
    }
    showToast({ title: 'Success', description: CURATION_MESSAGES.saved });
    onDone();
    reloadSoon();
  });
  return (
    <form
      noValidate
      aria-label="Edit the catalogue book"
      className="space-y-4"
      onSubmit={(e) => void save(e)}
    >
      <Field id="curate-title" label="Title" error={errors.title?.message} {...register('title')} />
      <AreaField
        id="curate-authors"
        label="Authors"
        hint="One a line."
        rows={2}
        error={errors.authors?.message}
        {...register('authors')}
      />
      <AreaField
        id="curate-description"
        label="Description"
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <AreaField
        id="curate-subjects"
        label="Subjects"
        hint="One a line, or separated by commas."
        rows={2}
        error={errors.subjects?.message}
        {...register('subjects')}
      />
      <Field
        id="curate-first-published"
        label="First published (year)"
        inputMode="numeric"
        error={errors.first_published?.message}
        {...register('first_published')}
      />
      {book.editions.length > 0 ? (
        <fieldset className="space-y-3">
          <legend className="font-semibold">Editions</legend>
          {book.editions.map((edition, index) => (
            <div key={index} className="grid gap-2 rounded border border-line p-3 sm:grid-cols-4">
              <p className="text-sm font-semibold sm:col-span-4">{edition.label}</p>
              <Field
                id={`curate-ed-${index}-format`}
                label="Format"
                {...register(`editions.${index}.format`)}
              />
              <Field
                id={`curate-ed-${index}-publisher`}
                label="Publisher"
                {...register(`editions.${index}.publisher`)}
              />
              <Field
                id={`curate-ed-${index}-year`}
                label="Year"
                inputMode="numeric"
                error={errors.editions?.[index]?.publication_year?.message}
                {...register(`editions.${index}.publication_year`)}
              />
              <Field
                id={`curate-ed-${index}-pages`}
                label="Pages"
                inputMode="numeric"
                error={errors.editions?.[index]?.pages?.message}
                {...register(`editions.${index}.pages`)}
              />
            </div>
          ))}
        </fieldset>
      ) : null}
      <SubmitButton busy={formState.isSubmitting}>Save book</SubmitButton>
    </form>
  );
}

/** The split dialog: tick the editions that are another work. */
function SplitForm({ book, onDone }: { book: CuratedBook; onDone: () => void }) {
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  async function split(): Promise<'close' | 'stay'> {
    const outcome = await (await api()).splitBook(book.id, picked, book.editions.length);
    if (!outcome.ok) {
      setError(outcome.message || CURATION_MESSAGES.failed);
      return 'close';
    }
    showToast({ title: 'Success', description: CURATION_MESSAGES.split });
    onDone();
    window.location.assign(`/book/${encodeURIComponent(outcome.data.newBookId)}`);
    return 'close';
  }
  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="font-semibold">Editions that belong to another book</legend>
        {book.editions.map((edition, index) => (
          <label key={index} className="flex items-center gap-2 py-1">
            <input
              type="checkbox"
              checked={picked.includes(index)}
              onChange={(event) =>
                setPicked((list) =>
                  event.target.checked ? [...list, index] : list.filter((entry) => entry !== index),
                )
              }
            />
            {edition.label}
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="font-semibold text-red-700">
          {error}
        </p>
      ) : null}
      <ConfirmDialog
        trigger="Split off the ticked editions"
        triggerDisabled={picked.length === 0}
        title="Split these editions off?"
        description="They become a new catalogue book with their ISBNs. Readers’ shelves and reviews stay on this book. This is recorded in the audit log."
        confirmLabel="Split editions"
        busyLabel="Splitting…"
        onConfirm={split}
      />
    </div>
  );
}

/** The tools (see the file comment). */
export default function CatalogueBookTools({ book }: { book: CuratedBook }) {
  const [open, setOpen] = useState<'edit' | 'merge' | 'split' | null>(null);
  async function reviewed() {
    const outcome = await (await api()).markReviewed(book.id);
    if (!outcome.ok) return showToast(failureToast('Failed to mark the book as reviewed.', outcome));
    showToast({ title: 'Success', description: CURATION_MESSAGES.reviewed });
    reloadSoon();
  }
  return (
    <section aria-label="Librarian tools" className="mb-6 rounded-lg border border-line bg-parchment p-4">
      <p className="mb-2 text-sm font-semibold text-ink">Librarian tools</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline" onClick={() => setOpen('edit')}>
          Edit
        </button>
        {book.needs_review ? (
          <button type="button" className="btn btn-outline" onClick={() => void reviewed()}>
            Mark as reviewed
          </button>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={() => setOpen('merge')}>
          Merge a duplicate
        </button>
        {book.editions.length > 1 ? (
          <button type="button" className="btn btn-outline" onClick={() => setOpen('split')}>
            Split editions
          </button>
        ) : null}
      </div>
      <Dialog
        open={open === 'edit'}
        onOpenChange={(next) => setOpen(next ? 'edit' : null)}
        title="Edit book"
        wide
      >
        <EditForm book={book} onDone={() => setOpen(null)} />
      </Dialog>
      <Dialog
        open={open === 'merge'}
        onOpenChange={(next) => setOpen(next ? 'merge' : null)}
        title="Merge a duplicate into this book"
        wide
      >
        <MergeBooksForm keepId={book.id} onMerged={reloadSoon} />
      </Dialog>
      <Dialog
        open={open === 'split'}
        onOpenChange={(next) => setOpen(next ? 'split' : null)}
        title="Split editions"
        wide
      >
        <SplitForm book={book} onDone={() => setOpen(null)} />
      </Dialog>
    </section>
  );
}
