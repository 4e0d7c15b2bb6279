/**
 * The book editor: every editable field of a book with the spec's rules and
 * messages (title required; description at most 100 words with a live count,
 * extra words refused; links with a label of 1–40 characters, a valid URL and an
 * optional price; sub-genres added with Enter; a category change clears genres
 * and sub-genres; manuscript sections added, edited, reordered and removed),
 * Save through the saveBook function, Cancel restoring the saved values, and
 * Delete after a confirmation. Only an admin editing an existing book sees the
 * active checkbox.
 */
import { useStore } from '@nanostores/react';
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { FormProvider, useFieldArray, useForm, useFormContext, useWatch } from 'react-hook-form';
import {
  clampWords,
  countWords,
  DESCRIPTION_WORD_LIMIT,
  MAX_MANUSCRIPT_SECTIONS,
  MAX_PURCHASE_LINKS,
  type Book,
} from '../../domain/book.ts';
import {
  addSubGenre,
  bookEditorSchema,
  editorToBookForm,
  newSectionId,
  toEditorValues,
  type BookEditorValues,
} from '../../domain/book-editor.ts';
import { BOOK_CATEGORIES, genresFor } from '../../domain/genres.ts';
import { ITEM_MESSAGES } from '../../domain/item-save.ts';
import { LIMIT_MESSAGES } from '../../domain/plan-limits.ts';
import { showToast } from '../../lib/toast.ts';
import { INPUT_CLASS } from '../ui/styles.ts';
import ProfileImageField from '../ui/ProfileImageField.tsx';
import { $uploadsInFlight } from '../../stores/uploads-in-flight.ts';
import { useKeptDraft } from '../use-kept-draft.ts';
import {
  ItemCheckbox,
  ItemInput,
  ItemSelect,
  ItemTextArea,
  itemFieldId,
  useItemError,
} from './item-fields.tsx';

const P = 'book';

interface Props {
  /** The stored book, or null to add one. */
  book: Book | null;
  /** Owner of a new book (the signed-in member, or the member an admin edits). */
  userId: string;
  /** True for an admin: the active checkbox shows for an existing book. */
  admin: boolean;
  /** Leaves edit mode without saving (the form is reset to the saved values first). */
  onCancel: () => void;
  /** After a successful save. */
  onSaved: (id: string, created: boolean) => void;
  /** After a successful delete. */
  onDeleted?: () => void;
}

/** The name the book editor's unsaved values are kept under when a session ends (kept-draft.ts). */
export function bookDraftKey(bookId: string | null, userId: string): string {
  return bookId ? `book:${bookId}` : `book:new:${userId}`;
}

/** The refusal a save shows: the plan message for the limit, else 'Failed to save book.' with the server's reason. */
function saveFailure(code: string, message: string) {
  if (code === 'resource-exhausted')
    return { title: 'Limit reached', description: LIMIT_MESSAGES.books, variant: 'destructive' as const };
  return { title: ITEM_MESSAGES.bookSaveFailed, description: message, variant: 'destructive' as const };
}

export default function BookEditor({ book, userId, admin, onCancel, onSaved, onDeleted }: Props) {
  const [loaded] = useState<BookEditorValues>(() => toEditorValues(book ?? undefined));
  const [saving, setSaving] = useState(false);
  // Save waits for a cover/picture upload in flight: saving now would keep the old one.
  const uploading = useStore($uploadsInFlight) > 0;
  const form = useForm<BookEditorValues>({
    resolver: zodResolver(bookEditorSchema),
    defaultValues: loaded,
    reValidateMode: 'onChange',
  });
  useKeptDraft(form, bookDraftKey(book?.id ?? null, userId));

  async function save(values: BookEditorValues) {
    setSaving(true);
    try {
      const { saveBook } = await import('../../data/client/items.ts');
      const outcome = await saveBook({
        ...(book ? { bookId: book.id } : { userId }),
        book: editorToBookForm(values),
        ...(admin && book && values.is_active !== book.is_active
          ? { admin: { is_active: values.is_active } }
          : {}),
      });
      if (!outcome.ok) {
        showToast(saveFailure(outcome.code, outcome.message));
        setSaving(false);
        return;
      }
      onSaved(outcome.data.id, !book);
    } catch (error) {
      console.error('Book save failed', error);
      showToast({ title: ITEM_MESSAGES.bookSaveFailed, variant: 'destructive' });
      setSaving(false);
    }
  }

  function refuse() {
    showToast({ title: 'Error', description: ITEM_MESSAGES.fixErrors, variant: 'destructive' });
  }

  function cancel() {
    form.reset(loaded);
    onCancel();
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={(event) => void form.handleSubmit(save, refuse)(event)}
        noValidate
        aria-busy={saving}
        aria-label={book ? `Edit ${book.title}` : 'Add a book'}
        className="space-y-8 rounded-xl border border-line bg-paper p-4 sm:p-6"
        data-book-editor
      >
        <BasicFields userId={book?.user_id ?? userId} />
        <CategoryFields />
        <FormatFields />
        <PurchaseLinks />
        <FreeReadingFields />
        <Sections />
        {admin && book ? (
          <section
            aria-labelledby="book-admin-heading"
            className="space-y-2 rounded-lg border border-line p-4"
          >
            <h2 id="book-admin-heading" className="text-lg font-bold">
              Admin
            </h2>
            <ItemCheckbox
              name="is_active"
              label="Active"
              prefix={P}
              hint="A disabled book is hidden from everyone but its owner and admins."
            />
          </section>
        ) : null}
        <div className="flex flex-wrap gap-2 border-t border-line pt-6">
          <button type="submit" className="btn btn-primary" disabled={saving || uploading}>
            {saving ? 'Saving…' : uploading ? 'Uploading image…' : 'Save'}
          </button>
          <button type="button" className="btn btn-outline" onClick={cancel} disabled={saving}>
            Cancel
          </button>
          {book && onDeleted ? <DeleteBook book={book} onDeleted={onDeleted} disabled={saving} /> : null}
        </div>
      </form>
    </FormProvider>
  );
}

function BasicFields({ userId }: { userId: string }) {
  const { setValue } = useFormContext<BookEditorValues>();
  const description = useWatch<BookEditorValues, 'description'>({ name: 'description' });
  const cover = useWatch<BookEditorValues, 'cover_image'>({ name: 'cover_image' });
  const words = countWords(description);
  return (
    <section aria-labelledby="book-basic-heading" className="space-y-4">
      <h2 id="book-basic-heading" className="text-xl font-bold">
        Book details
      </h2>
      <ItemInput name="title" label="Title" prefix={P} required />
      <ItemTextArea
        name="description"
        label="Description"
        prefix={P}
        rows={4}
        aside={
          <span
            className={`text-sm ${words >= DESCRIPTION_WORD_LIMIT ? 'font-semibold text-red-700' : 'text-ink-muted'}`}
            data-word-count
          >
            {words}/{DESCRIPTION_WORD_LIMIT} words
          </span>
        }
        rules={{
          // Words past the limit are refused as they are typed or pasted.
          onChange: (event: { target: { value: string } }) => {
            const clamped = clampWords(event.target.value);
            if (clamped !== event.target.value) setValue('description', clamped, { shouldValidate: true });
          },
        }}
      />
      <ProfileImageField
        value={cover}
        onChange={(url) => setValue('cover_image', url, { shouldDirty: true, shouldValidate: true })}
        userId={userId}
        label="Cover Image"
        kind="book-covers"
        shape="cover"
      />
      <ItemInput
        name="cover_image"
        label="Cover Image URL"
        prefix={P}
        type="url"
        inputMode="url"
        hint="Upload a picture above, or give an https:// address."
      />
    </section>
  );
}

function CategoryFields() {
  const { setValue, getValues } = useFormContext<BookEditorValues>();
  const category = useWatch<BookEditorValues, 'category'>({ name: 'category' });
  const genres = useWatch<BookEditorValues, 'genre'>({ name: 'genre' });
  const subGenres = useWatch<BookEditorValues, 'sub_genre'>({ name: 'sub_genre' });
  const [draft, setDraft] = useState('');
  const subId = itemFieldId('sub_genre', P);

  function toggleGenre(value: string, on: boolean) {
    const current = getValues('genre');
    setValue('genre', on ? [...current, value] : current.filter((item) => item !== value), {
      shouldDirty: true,
      shouldValidate: true,
    });
  }

  function onSubKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter adds the sub-genre instead of submitting the form.
    event.preventDefault();
    setValue('sub_genre', addSubGenre(getValues('sub_genre'), draft), {
      shouldDirty: true,
      shouldValidate: true,
    });
    setDraft('');
  }

  return (
    <section aria-labelledby="book-category-heading" className="space-y-4">
      <h2 id="book-category-heading" className="text-xl font-bold">
        Category and genres
      </h2>
      <ItemSelect
        name="category"
        label="Category"
        prefix={P}
        options={[{ value: '', label: 'Select a category' }, ...BOOK_CATEGORIES]}
        rules={{
          // A new category has other genres: the chosen genres and sub-genres are cleared.
          onChange: () => {
            setValue('genre', [], { shouldDirty: true });
            setValue('sub_genre', [], { shouldDirty: true });
          },
        }}
      />
      {category ? (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-ink">Genres</legend>
          <div className="grid gap-1 sm:grid-cols-3">
            {genresFor(category).map((genre) => {
              const id = itemFieldId(`genre-${genre.value}`, P);
              return (
                <div key={genre.value} className="flex min-h-6 items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="h-4 w-4 accent-accent"
                    checked={genres.includes(genre.value)}
                    onChange={(event) => toggleGenre(genre.value, event.target.checked)}
                  />
                  <label htmlFor={id} className="text-sm text-ink">
                    {genre.label}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-ink-muted">Choose a category to pick its genres.</p>
      )}
      <div>
        <label htmlFor={subId} className="mb-1 block text-sm font-semibold text-ink">
          Sub-genres
        </label>
        <input
          id={subId}
          type="text"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onSubKey}
          aria-describedby={`${subId}-hint`}
          className={INPUT_CLASS}
        />
        <p id={`${subId}-hint`} className="mt-1 text-sm text-ink-muted">
          Type a sub-genre and press Enter to add it.
        </p>
        {subGenres.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Chosen sub-genres">
            {subGenres.map((sub) => (
              <li
                key={sub}
                className="flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm"
              >
                {sub}
                <button
                  type="button"
                  className="min-h-6 min-w-6 rounded-full text-ink-muted hover:text-accent"
                  aria-label={`Remove ${sub}`}
                  onClick={() =>
                    setValue(
                      'sub_genre',
                      getValues('sub_genre').filter((item) => item !== sub),
                      { shouldDirty: true },
                    )
                  }
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function FormatFields() {
  return (
    <section aria-labelledby="book-formats-heading" className="space-y-4">
      <h2 id="book-formats-heading" className="text-xl font-bold">
        Formats and prices
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <ItemInput name="ebook_url" label="eBook URL" prefix={P} type="url" inputMode="url" />
        <ItemInput name="ebook_price" label="eBook Price" prefix={P} inputMode="decimal" />
        <ItemInput name="paperback_url" label="Paperback URL" prefix={P} type="url" inputMode="url" />
        <ItemInput name="paperback_price" label="Paperback Price" prefix={P} inputMode="decimal" />
        <ItemInput name="hardcover_url" label="Hardcover URL" prefix={P} type="url" inputMode="url" />
        <ItemInput name="hardcover_price" label="Hardcover Price" prefix={P} inputMode="decimal" />
        <ItemInput name="audiobook_url" label="Audiobook URL" prefix={P} type="url" inputMode="url" />
        <ItemInput name="audiobook_price" label="Audiobook Price" prefix={P} inputMode="decimal" />
        <ItemInput name="purchase_url" label="Purchase URL" prefix={P} type="url" inputMode="url" />
        <ItemInput name="price" label="Price" prefix={P} inputMode="decimal" />
        <ItemInput name="video_url" label="Video URL" prefix={P} type="url" inputMode="url" />
      </div>
    </section>
  );
}

function PurchaseLinks() {
  const { control } = useFormContext<BookEditorValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'purchase_links' });
  const listError = useItemError('purchase_links');
  return (
    <section aria-labelledby="book-links-heading" className="space-y-3">
      <h2 id="book-links-heading" className="text-xl font-bold">
        Book Links
      </h2>
      {fields.length === 0 ? <p className="text-sm text-ink-muted">No links yet.</p> : null}
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_1fr_auto]">
          <ItemInput
            name={`purchase_links.${index}.label`}
            label={`Link ${index + 1} label`}
            prefix={P}
            maxLength={40}
          />
          <ItemInput
            name={`purchase_links.${index}.url`}
            label={`Link ${index + 1} URL`}
            prefix={P}
            type="url"
            inputMode="url"
          />
          <ItemInput name={`purchase_links.${index}.price`} label={`Link ${index + 1} price`} prefix={P} />
          <button type="button" className="btn btn-outline" onClick={() => remove(index)}>
            Remove link {index + 1}
          </button>
        </div>
      ))}
      {listError ? <p className="text-sm font-semibold text-red-700">{listError}</p> : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={fields.length >= MAX_PURCHASE_LINKS}
        onClick={() => append({ label: '', url: '', price: '' })}
      >
        Add Link
      </button>
    </section>
  );
}

function FreeReadingFields() {
  return (
    <section aria-labelledby="book-free-heading" className="space-y-4">
      <h2 id="book-free-heading" className="text-xl font-bold">
        Free reading
      </h2>
      <ItemInput
        name="free_preview_title"
        label="Free-preview title"
        prefix={P}
        hint="Leave empty to use the site's title for free previews."
      />
      <ItemCheckbox
        name="is_full_book_free"
        label="The whole book is free to read"
        prefix={P}
        hint="Otherwise the page says 'Partial Free Reading Only'."
      />
    </section>
  );
}

const SECTION_TYPES = [
  { value: 'text', label: 'Text' },
  { value: 'image', label: 'Image (address of a picture)' },
  { value: 'url', label: 'Link (read elsewhere)' },
] as const;

function Sections() {
  const { control } = useFormContext<BookEditorValues>();
  const { fields, append, remove, move } = useFieldArray({
    control,
    name: 'manuscript_content',
    keyName: 'key',
  });
  const types = useWatch<BookEditorValues, 'manuscript_content'>({ name: 'manuscript_content' });
  return (
    <section aria-labelledby="book-sections-heading" className="space-y-3">
      <h2 id="book-sections-heading" className="text-xl font-bold">
        Manuscript sections
      </h2>
      <p className="text-sm text-ink-muted">
        Readers read these in order on the book's reading pages. A text or link section lists the book under
        Free Books.
      </p>
      {fields.length === 0 ? <p className="text-sm text-ink-muted">No sections yet.</p> : null}
      <ol className="space-y-4">
        {fields.map((field, index) => {
          const type = types[index]?.type ?? 'text';
          return (
            <li key={field.key} className="space-y-3 rounded-lg border border-line p-4" data-section-row>
              <p className="font-semibold">Section {index + 1}</p>
              <div className="grid gap-3 sm:grid-cols-[1fr_2fr]">
                <ItemSelect
                  name={`manuscript_content.${index}.type`}
                  label={`Section ${index + 1} type`}
                  prefix={P}
                  options={SECTION_TYPES}
                />
                <ItemInput
                  name={`manuscript_content.${index}.title`}
                  label={`Section ${index + 1} title`}
                  prefix={P}
                />
              </div>
              {type === 'text' ? (
                <ItemTextArea
                  name={`manuscript_content.${index}.content`}
                  label={`Section ${index + 1} text`}
                  prefix={P}
                  rows={8}
                  hint="Leave a blank line between paragraphs."
                />
              ) : (
                <ItemInput
                  name={`manuscript_content.${index}.content`}
                  label={`Section ${index + 1} address`}
                  prefix={P}
                  type="url"
                  inputMode="url"
                />
              )}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  Move section {index + 1} up
                </button>
                <button
                  type="button"
                  className="btn btn-outline"
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  Move section {index + 1} down
                </button>
                <button type="button" className="btn btn-outline" onClick={() => remove(index)}>
                  Remove section {index + 1}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="btn btn-outline"
        disabled={fields.length >= MAX_MANUSCRIPT_SECTIONS}
        onClick={() => append({ sectionId: newSectionId(types), type: 'text', title: '', content: '' })}
      >
        Add Section
      </button>
    </section>
  );
}

function DeleteBook({ book, onDeleted, disabled }: { book: Book; onDeleted: () => void; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm(event: MouseEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      const { deleteBook } = await import('../../data/client/items.ts');
      const outcome = await deleteBook(book.id);
      if (!outcome.ok) {
        showToast({
          title: ITEM_MESSAGES.bookDeleteFailed,
          description: outcome.message,
          variant: 'destructive',
        });
        setBusy(false);
        return;
      }
      onDeleted();
    } catch (error) {
      console.error('Book delete failed', error);
      showToast({ title: ITEM_MESSAGES.bookDeleteFailed, variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className="btn btn-outline sm:ml-auto" disabled={disabled}>
        Delete Book
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        {/* A plain backdrop, not AlertDialog.Overlay: the Overlay injects a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-paper p-6 shadow-xl">
          <AlertDialog.Title className="mb-2 text-xl font-bold">Delete Book</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-ink-muted">
            Are you sure you want to delete “{book.title}”? This action cannot be undone.
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" disabled={busy} onClick={confirm}>
              {busy ? 'Deleting…' : 'Delete Book'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
