/**
 * The purchase links of a form whose values hold `purchase_links` (a listing's editor, a
 * claimed catalogue book's editor): one row per link (label, URL, price, Remove), the
 * list's own error, and Add Link up to MAX_PURCHASE_LINKS. Used inside a FormProvider.
 */
import { useFieldArray } from 'react-hook-form';
import { MAX_PURCHASE_LINKS } from '../../domain/books/book.ts';
import { TextInput, useFieldError } from '../ui/fields.tsx';

interface LinkValues {
  purchase_links: { label: string; url: string; price?: string | null | undefined }[];
}

export default function PurchaseLinkRows({ prefix: P }: { prefix: string }) {
  const { fields, append, remove } = useFieldArray<LinkValues, 'purchase_links'>({ name: 'purchase_links' });
  const listError = useFieldError('purchase_links');
  return (
    <>
      {fields.length === 0 ? <p className="text-sm text-ink-muted">No links yet.</p> : null}
      {fields.map((field, index) => (
        <div key={field.id} className="grid items-end gap-2 sm:grid-cols-[1fr_2fr_1fr_auto]">
          <TextInput
            name={`purchase_links.${index}.label`}
            label={`Link ${index + 1} label`}
            idPrefix={P}
            maxLength={40}
          />
          <TextInput
            name={`purchase_links.${index}.url`}
            label={`Link ${index + 1} URL`}
            idPrefix={P}
            type="url"
            inputMode="url"
          />
          <TextInput name={`purchase_links.${index}.price`} label={`Link ${index + 1} price`} idPrefix={P} />
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
    </>
  );
}
