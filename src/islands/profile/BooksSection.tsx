/**
 * The member's books inside the profile editors: add, edit and remove rows.
 * A new row left without a title is dropped on save; the free plan's counter
 * turns orange at 2 and red at 3, where Add Book is disabled.
 */
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { clampWords, countWords, DESCRIPTION_WORD_LIMIT, MAX_PURCHASE_LINKS } from '../../domain/book.ts';
import { emptyBookRow, type ProfileFormValues } from '../../domain/profile-edit-form.ts';
import type { SubscriptionStatus } from '../../domain/profile.ts';
import { LIMIT_MESSAGES, limitLevel, PLAN_LIMITS } from '../../domain/plan-limits.ts';
import { TextArea, TextInput, fieldId, useFieldError } from './form-controls.tsx';

const LEVEL_CLASS = {
  normal: 'text-ink-muted',
  warning: 'text-orange-800',
  limit: 'text-red-700',
} as const;

interface Props {
  /** The edited member's plan. */
  subscription: SubscriptionStatus;
  idPrefix?: string;
}

/** The Books section: one fieldset per book. */
export default function BooksSection({ subscription, idPrefix }: Props) {
  const { control } = useFormContext<ProfileFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'books' });
  const level = limitLevel(fields.length, subscription);
  const limit = PLAN_LIMITS[subscription].books;
  const headingId = fieldId('books-heading', idPrefix);
  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-xl font-bold">
          Books
        </h2>
        {Number.isFinite(limit) ? (
          <p className={`text-sm font-semibold ${LEVEL_CLASS[level]}`} aria-live="polite">
            {fields.length}/{limit} books (free plan)
          </p>
        ) : null}
      </div>
      <p className="text-sm text-ink-muted">A new book left without a title is not saved.</p>
      {fields.length === 0 ? <p className="text-ink-muted">No books yet.</p> : null}
      {fields.map((field, index) => (
        <BookRowFields key={field.id} index={index} onRemove={() => remove(index)} idPrefix={idPrefix} />
      ))}
      {level === 'limit' ? (
        <p role="status" className="font-semibold text-red-700">
          {LIMIT_MESSAGES.books}
        </p>
      ) : null}
      <button type="button" className="btn btn-outline" disabled={level === 'limit'} onClick={() => append(emptyBookRow())}>
        Add Book
      </button>
    </section>
  );
}

interface RowProps {
  index: number;
  onRemove: () => void;
  idPrefix?: string;
}

/** The fields of one book. */
function BookRowFields({ index, onRemove, idPrefix }: RowProps) {
  const { setValue } = useFormContext<ProfileFormValues>();
  const title = useWatch<ProfileFormValues, `books.${number}.title`>({ name: `books.${index}.title` });
  const description = useWatch<ProfileFormValues, `books.${number}.description`>({ name: `books.${index}.description` });
  const bookId = useWatch<ProfileFormValues, `books.${number}.bookId`>({ name: `books.${index}.bookId` });
  const words = countWords(description);
  const base = `books.${index}` as const;
  const legend = title?.trim() ? title : `Book ${index + 1}`;
  return (
    <fieldset className="space-y-3 rounded-lg border border-line bg-white/60 p-4">
      <legend className="px-1 font-semibold">{legend}</legend>
      <TextInput name={`${base}.title`} label="Title" idPrefix={idPrefix} />
      <TextArea
        name={`${base}.description`}
        label="Description"
        rows={3}
        idPrefix={idPrefix}
        aside={
          <span className={`text-sm ${words >= DESCRIPTION_WORD_LIMIT ? 'font-semibold text-red-700' : 'text-ink-muted'}`}>
            {words}/{DESCRIPTION_WORD_LIMIT} words
          </span>
        }
        rules={{
          // Words past the limit are refused as they are typed or pasted.
          onChange: (event: { target: { value: string } }) => {
            const clamped = clampWords(event.target.value);
            if (clamped !== event.target.value) setValue(`${base}.description`, clamped, { shouldValidate: true });
          },
        }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput name={`${base}.cover_image`} label="Cover Image URL" type="url" inputMode="url" idPrefix={idPrefix} />
        <TextInput name={`${base}.purchase_url`} label="Purchase URL" type="url" inputMode="url" idPrefix={idPrefix} />
        <TextInput name={`${base}.price`} label="Price" inputMode="decimal" idPrefix={idPrefix} />
        <TextInput name={`${base}.ebook_price`} label="eBook Price" inputMode="decimal" idPrefix={idPrefix} />
        <TextInput name={`${base}.paperback_price`} label="Paperback Price" inputMode="decimal" idPrefix={idPrefix} />
        <TextInput name={`${base}.hardcover_price`} label="Hardcover Price" inputMode="decimal" idPrefix={idPrefix} />
        <TextInput name={`${base}.audiobook_url`} label="Audiobook URL" type="url" inputMode="url" idPrefix={idPrefix} />
        <TextInput name={`${base}.audiobook_price`} label="Audiobook Price" inputMode="decimal" idPrefix={idPrefix} />
        <TextInput name={`${base}.video_url`} label="Video URL" type="url" inputMode="url" idPrefix={idPrefix} />
      </div>
      <PurchaseLinks index={index} idPrefix={idPrefix} />
      <div className="flex flex-wrap gap-2">
        {bookId ? (
          // Genres, sub-genres, manuscript sections and the free-reading settings are edited in the full book editor on the book's page.
          <a href={`/book/${encodeURIComponent(bookId)}?edit=true`} className="btn btn-outline">
            Edit all details of {legend}
          </a>
        ) : null}
        <button type="button" className="btn btn-outline" onClick={onRemove}>
          Remove {legend}
        </button>
      </div>
    </fieldset>
  );
}

/** The book's labelled purchase links. */
function PurchaseLinks({ index, idPrefix }: { index: number; idPrefix?: string }) {
  const { control } = useFormContext<ProfileFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: `books.${index}.purchase_links` });
  const listError = useFieldError(`books.${index}.purchase_links`);
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">Purchase Links</h3>
      {fields.map((field, linkIndex) => {
        const base = `books.${index}.purchase_links.${linkIndex}` as const;
        return (
          <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_1fr_auto]">
            <TextInput name={`${base}.label`} label={`Link ${linkIndex + 1} label`} idPrefix={idPrefix} />
            <TextInput name={`${base}.url`} label={`Link ${linkIndex + 1} URL`} type="url" inputMode="url" idPrefix={idPrefix} />
            <TextInput name={`${base}.price`} label={`Link ${linkIndex + 1} price`} idPrefix={idPrefix} />
            <button type="button" className="btn btn-outline" onClick={() => remove(linkIndex)}>
              Remove link {linkIndex + 1}
            </button>
          </div>
        );
      })}
      {listError ? <p className="text-sm font-semibold text-red-700">{listError}</p> : null}
      <button
        type="button"
        className="btn btn-outline"
        disabled={fields.length >= MAX_PURCHASE_LINKS}
        onClick={() => append({ label: '', url: '', price: '' })}
      >
        Add Purchase Link
      </button>
    </div>
  );
}
