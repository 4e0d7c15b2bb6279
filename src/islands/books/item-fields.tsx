/**
 * The book and product/service editors' names for the shared field kit
 * (src/islands/ui/fields.tsx): `prefix` is the kit's `idPrefix`.
 */
import type { ComponentProps } from 'react';
import { CheckboxInput, SelectInput, TextArea, TextInput, fieldId, useFieldError } from '../ui/fields.tsx';

type WithPrefix<P> = Omit<P, 'idPrefix'> & { prefix: string };

/** The element id of a form path in an editor ('links.0.url' → 'be-links-0-url'). */
export const itemFieldId = fieldId;

/** The inline error of `name`, if any. */
export const useItemError = useFieldError;

/** A one-line input bound to `name`. */
export function ItemInput({ prefix, ...props }: WithPrefix<ComponentProps<typeof TextInput>>) {
  return <TextInput idPrefix={prefix} {...props} />;
}

/** A text area bound to `name`. */
export function ItemTextArea({ prefix, ...props }: WithPrefix<ComponentProps<typeof TextArea>>) {
  return <TextArea idPrefix={prefix} {...props} />;
}

/** A select bound to `name`. */
export function ItemSelect({ prefix, ...props }: WithPrefix<ComponentProps<typeof SelectInput>>) {
  return <SelectInput idPrefix={prefix} {...props} />;
}

/** A checkbox bound to `name`. */
export function ItemCheckbox({ prefix, ...props }: WithPrefix<ComponentProps<typeof CheckboxInput>>) {
  return <CheckboxInput idPrefix={prefix} {...props} />;
}
