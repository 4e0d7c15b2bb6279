/**
 * The book's own fields in the owned-item editor, with the spec's rules and
 * messages: title required; description at most 100 words with a live count,
 * extra words refused; cover picture; a category change clears genres and
 * sub-genres; sub-genres added with Enter; the catalogue fields (ISBN-10 or
 * -13 as typed, saved as the ISBN-13; publication date, pages, language,
 * publisher, series and number in it); formats and prices; links with a
 * label of 1–40 characters, a valid URL and an optional price; free reading;
 * manuscript sections added, edited, reordered and removed.
 */
import { useState, type KeyboardEvent } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import {
  clampWords,
  countWords,
  DESCRIPTION_WORD_LIMIT,
  MAX_MANUSCRIPT_SECTIONS,
  type Book,
} from '../../domain/books/book.ts';
import { addSubGenre, newSectionId, type BookEditorValues } from '../../domain/books/book-editor.ts';
import { BOOK_LANGUAGES } from '../../domain/books/catalogue.ts';
import { BOOK_CATEGORIES, genresFor } from '../../domain/items/genres.ts';
import ProfileImageField from '../media/ProfileImageField.tsx';
import PurchaseLinkRows from './PurchaseLinkRows.tsx';
import type { OwnedItemFieldsProps } from '../items/owned-item-kind.ts';
import { CheckboxInput, fieldId, INPUT_CLASS, SelectInput, TextArea, TextInput } from '../ui/fields.tsx';

/** Every section of the book's fields, in the page's order. */
export default function BookFields({ ownerId, prefix }: OwnedItemFieldsProps<Book>) {
  return (
    <>
      <BasicFields ownerId={ownerId} prefix={prefix} />
      <CatalogueFields prefix={prefix} />
      <CategoryFields prefix={prefix} />
      <FormatFields prefix={prefix} />
      <PurchaseLinks prefix={prefix} />
      <FreeReadingFields prefix={prefix} />
      <Sections prefix={prefix} />
    </>
  );
}

function BasicFields({ ownerId, prefix: P }: { ownerId: string; prefix: string }) {
  const { setValue } = useFormContext<BookEditorValues>();
  const description = useWatch<BookEditorValues, 'description'>({ name: 'description' });
  const cover = useWatch<BookEditorValues, 'cover_image'>({ name: 'cover_image' });
  const words = countWords(description);
  return (
    <section aria-labelledby="book-basic-heading" className="space-y-4">
      <h2 id="book-basic-heading" className="text-xl font-bold">
        Book details
      </h2>
      <TextInput name="title" label="Title" idPrefix={P} required />
      <TextArea
        name="description"
        label="Description"
        idPrefix={P}
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
        userId={ownerId}
        label="Cover Image"
        kind="book-covers"
        shape="cover"
      />
      <TextInput
        name="cover_image"
        label="Cover Image URL"
        idPrefix={P}
        type="url"
        inputMode="url"
        hint="Upload a picture above, or give an https:// address."
      />
    </section>
  );
}

const LANGUAGE_OPTIONS = [
  { value: '', label: 'Not given' },
  ...BOOK_LANGUAGES.map(([value, label]) => ({ value, label })),
];

function CatalogueFields({ prefix: P }: { prefix: string }) {
  return (
    <section aria-labelledby="book-catalogue-heading" className="space-y-4">
      <h2 id="book-catalogue-heading" className="text-xl font-bold">
        Catalogue details
      </h2>
      <p className="text-sm text-ink-muted">
        All optional: readers and search engines tell editions apart by them.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          name="isbn"
          label="ISBN"
          idPrefix={P}
          autoComplete="off"
          spellCheck={false}
          hint="An ISBN-10 or ISBN-13; hyphens and spaces are fine. It is saved as the ISBN-13."
        />
        <TextInput name="publication_date" label="Publication date" idPrefix={P} type="date" />
        <TextInput
          name="pages"
          label="Pages"
          idPrefix={P}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
        />
        <SelectInput name="language" label="Language" idPrefix={P} options={LANGUAGE_OPTIONS} />
        <TextInput name="publisher" label="Publisher" idPrefix={P} autoComplete="organization" />
        <TextInput
          name="series"
          label="Series"
          idPrefix={P}
          // Naming the series clears (or raises) Number in series' error at once.
          rules={{ deps: ['series_number'] }}
        />
        <TextInput
          name="series_number"
          label="Number in series"
          idPrefix={P}
          type="number"
          inputMode="decimal"
          min={0.5}
          step={0.5}
          hint="2.5 for a novella between books 2 and 3."
        />
      </div>
    </section>
  );
}

function CategoryFields({ prefix: P }: { prefix: string }) {
  const { setValue, getValues } = useFormContext<BookEditorValues>();
  const category = useWatch<BookEditorValues, 'category'>({ name: 'category' });
  const genres = useWatch<BookEditorValues, 'genre'>({ name: 'genre' });
  const subGenres = useWatch<BookEditorValues, 'sub_genre'>({ name: 'sub_genre' });
  const [draft, setDraft] = useState('');
  const subId = fieldId('sub_genre', P);

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
      <SelectInput
        name="category"
        label="Category"
        idPrefix={P}
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
              const id = fieldId(`genre-${genre.value}`, P);
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

function FormatFields({ prefix: P }: { prefix: string }) {
  return (
    <section aria-labelledby="book-formats-heading" className="space-y-4">
      <h2 id="book-formats-heading" className="text-xl font-bold">
        Formats and prices
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput name="ebook_url" label="eBook URL" idPrefix={P} type="url" inputMode="url" />
        <TextInput name="ebook_price" label="eBook Price" idPrefix={P} inputMode="decimal" />
        <TextInput name="paperback_url" label="Paperback URL" idPrefix={P} type="url" inputMode="url" />
        <TextInput name="paperback_price" label="Paperback Price" idPrefix={P} inputMode="decimal" />
        <TextInput name="hardcover_url" label="Hardcover URL" idPrefix={P} type="url" inputMode="url" />
        <TextInput name="hardcover_price" label="Hardcover Price" idPrefix={P} inputMode="decimal" />
        <TextInput name="audiobook_url" label="Audiobook URL" idPrefix={P} type="url" inputMode="url" />
        <TextInput name="audiobook_price" label="Audiobook Price" idPrefix={P} inputMode="decimal" />
        <TextInput name="purchase_url" label="Purchase URL" idPrefix={P} type="url" inputMode="url" />
        <TextInput name="price" label="Price" idPrefix={P} inputMode="decimal" />
        <TextInput name="video_url" label="Video URL" idPrefix={P} type="url" inputMode="url" />
      </div>
    </section>
  );
}

function PurchaseLinks({ prefix: P }: { prefix: string }) {
  return (
    <section aria-labelledby="book-links-heading" className="space-y-3">
      <h2 id="book-links-heading" className="text-xl font-bold">
        Book Links
      </h2>
      <PurchaseLinkRows prefix={P} />
    </section>
  );
}

function FreeReadingFields({ prefix: P }: { prefix: string }) {
  return (
    <section aria-labelledby="book-free-heading" className="space-y-4">
      <h2 id="book-free-heading" className="text-xl font-bold">
        Free reading
      </h2>
      <TextInput
        name="free_preview_title"
        label="Free-preview title"
        idPrefix={P}
        hint="Leave empty to use the site's title for free previews."
      />
      <CheckboxInput
        name="is_full_book_free"
        label="The whole book is free to read"
        idPrefix={P}
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

function Sections({ prefix: P }: { prefix: string }) {
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
                <SelectInput
                  name={`manuscript_content.${index}.type`}
                  label={`Section ${index + 1} type`}
                  idPrefix={P}
                  options={SECTION_TYPES}
                />
                <TextInput
                  name={`manuscript_content.${index}.title`}
                  label={`Section ${index + 1} title`}
                  idPrefix={P}
                />
              </div>
              {type === 'text' ? (
                <TextArea
                  name={`manuscript_content.${index}.content`}
                  label={`Section ${index + 1} text`}
                  idPrefix={P}
                  rows={8}
                  hint="Leave a blank line between paragraphs."
                />
              ) : (
                <TextInput
                  name={`manuscript_content.${index}.content`}
                  label={`Section ${index + 1} address`}
                  idPrefix={P}
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
