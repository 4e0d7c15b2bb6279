/**
 * The profile editors' names for the shared field kit: ids default to the
 * /profile-edit prefix 'pf', so a field looks and behaves the same there and inline.
 */
import type { ComponentProps } from 'react';
import {
  TextArea as KitTextArea,
  TextInput as KitTextInput,
  SelectInput as KitSelectInput,
  fieldId as kitFieldId,
} from '../ui/fields.tsx';

/** The element id of a form path ('books.0.title' → 'pf-books-0-title'), unique per editor on the page. */
export function fieldId(name: string, prefix = 'pf'): string {
  return kitFieldId(name, prefix);
}

type WithOptionalPrefix<P> = Omit<P, 'idPrefix'> & { idPrefix?: string };

/** A one-line text input bound to `name`. */
export function TextInput({
  idPrefix = 'pf',
  ...props
}: WithOptionalPrefix<ComponentProps<typeof KitTextInput>>) {
  return <KitTextInput idPrefix={idPrefix} {...props} />;
}

/** A multi-line text area bound to `name`. */
export function TextArea({
  idPrefix = 'pf',
  ...props
}: WithOptionalPrefix<ComponentProps<typeof KitTextArea>>) {
  return <KitTextArea idPrefix={idPrefix} {...props} />;
}

/** A select bound to `name`. */
export function SelectInput({
  idPrefix = 'pf',
  ...props
}: WithOptionalPrefix<ComponentProps<typeof KitSelectInput>>) {
  return <KitSelectInput idPrefix={idPrefix} {...props} />;
}
