/**
 * Labelled inputs for the book and product/service editors (each editor has its
 * own react-hook-form context), with the inline error announced to screen
 * readers: the same look as the profile editor's controls.
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { get, useFormContext, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { INPUT_CLASS } from '../profile/form-controls.tsx';

/** The element id of a form path in an editor ('links.0.url' → 'be-links-0-url'). */
export function itemFieldId(name: string, prefix: string): string {
  return `${prefix}-${name.replace(/\./g, '-')}`;
}

/** The inline error of `name`, if any. */
export function useItemError(name: string): string | undefined {
  const { formState } = useFormContext<FieldValues>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

interface FrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  aside?: ReactNode;
  children: ReactNode;
}

function Frame({ id, label, hint, error, aside, children }: FrameProps) {
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
        </label>
        {aside}
      </div>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

interface InputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: string;
  label: string;
  prefix: string;
  hint?: ReactNode;
  aside?: ReactNode;
  rules?: RegisterOptions<FieldValues, string>;
}

/** A one-line input bound to `name`. */
export function ItemInput({ name, label, prefix, hint, aside, rules, ...input }: InputProps) {
  const { register } = useFormContext<FieldValues>();
  const error = useItemError(name);
  const id = itemFieldId(name, prefix);
  return (
    <Frame id={id} label={label} hint={hint} error={error} aside={aside}>
      <input
        type="text"
        {...input}
        {...register(name, rules)}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={INPUT_CLASS}
      />
    </Frame>
  );
}

interface AreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: string;
  label: string;
  prefix: string;
  hint?: ReactNode;
  aside?: ReactNode;
  rules?: RegisterOptions<FieldValues, string>;
}

/** A text area bound to `name`. */
export function ItemTextArea({ name, label, prefix, hint, aside, rules, rows = 4, ...area }: AreaProps) {
  const { register } = useFormContext<FieldValues>();
  const error = useItemError(name);
  const id = itemFieldId(name, prefix);
  return (
    <Frame id={id} label={label} hint={hint} error={error} aside={aside}>
      <textarea
        rows={rows}
        {...area}
        {...register(name, rules)}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={INPUT_CLASS}
      />
    </Frame>
  );
}

interface SelectProps {
  name: string;
  label: string;
  prefix: string;
  options: readonly { value: string; label: string }[];
  rules?: RegisterOptions<FieldValues, string>;
}

/** A select bound to `name`. */
export function ItemSelect({ name, label, prefix, options, rules }: SelectProps) {
  const { register } = useFormContext<FieldValues>();
  const error = useItemError(name);
  const id = itemFieldId(name, prefix);
  return (
    <Frame id={id} label={label} error={error}>
      <select
        {...register(name, rules)}
        id={id}
        aria-describedby={describedBy(id, false, error)}
        className={INPUT_CLASS}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

/** A checkbox bound to `name`. */
export function ItemCheckbox({
  name,
  label,
  prefix,
  hint,
}: {
  name: string;
  label: string;
  prefix: string;
  hint?: string;
}) {
  const { register } = useFormContext<FieldValues>();
  const id = itemFieldId(name, prefix);
  return (
    <div>
      <div className="flex min-h-6 items-center gap-2">
        <input
          type="checkbox"
          {...register(name)}
          id={id}
          aria-describedby={hint ? `${id}-hint` : undefined}
          className="h-5 w-5 accent-accent"
        />
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
