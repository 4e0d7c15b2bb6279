/**
 * Labelled inputs bound to the profile form (react-hook-form context), each
 * with its inline error announced to screen readers. Both profile editors use
 * these, so a field looks and behaves the same on /profile-edit and inline.
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { get, useFormContext, type FieldPath, type RegisterOptions } from 'react-hook-form';
import type { ProfileFormValues } from '../../domain/profile-edit-form.ts';

/** A path into the form's values. */
export type FormPath = FieldPath<ProfileFormValues>;

/** Class of every text input and text area. */
export const INPUT_CLASS =
  'w-full rounded-md border border-line bg-white px-3 py-2 text-ink outline-none focus:border-accent aria-[invalid=true]:border-red-700 read-only:bg-parchment';

/** The element id of a form path ('books.0.title' → 'pf-books-0-title'), unique per editor on the page. */
export function fieldId(name: string, prefix = 'pf'): string {
  return `${prefix}-${name.replace(/\./g, '-')}`;
}

/** The inline error of `name`, if any. */
export function useFieldError(name: FormPath): string | undefined {
  const { formState } = useFormContext<ProfileFormValues>();
  const error = get(formState.errors, name) as { message?: string } | undefined;
  return error?.message;
}

interface FrameProps {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** Text shown at the label's end (a word counter). */
  aside?: ReactNode;
  children: ReactNode;
}

/** Label, control, hint and error, wired with aria-describedby by the callers. */
function FieldFrame({ id, label, hint, error, aside, children }: FrameProps) {
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

interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'> {
  name: FormPath;
  label: string;
  hint?: ReactNode;
  idPrefix?: string;
  rules?: RegisterOptions<ProfileFormValues, FormPath>;
}

/** A one-line text input bound to `name`. */
export function TextInput({ name, label, hint, idPrefix, rules, ...input }: TextInputProps) {
  const { register } = useFormContext<ProfileFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name, idPrefix);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        type="text"
        {...input}
        {...register(name, rules)}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={INPUT_CLASS}
      />
    </FieldFrame>
  );
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> {
  name: FormPath;
  label: string;
  hint?: ReactNode;
  aside?: ReactNode;
  idPrefix?: string;
  rules?: RegisterOptions<ProfileFormValues, FormPath>;
}

/** A multi-line text area bound to `name`. */
export function TextArea({ name, label, hint, aside, idPrefix, rules, rows = 4, ...area }: TextAreaProps) {
  const { register } = useFormContext<ProfileFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name, idPrefix);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <textarea
        rows={rows}
        {...area}
        {...register(name, rules)}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={INPUT_CLASS}
      />
    </FieldFrame>
  );
}

interface SelectProps {
  name: FormPath;
  label: string;
  options: readonly { value: string; label: string }[];
  idPrefix?: string;
}

/** A select bound to `name`. */
export function SelectInput({ name, label, options, idPrefix }: SelectProps) {
  const { register } = useFormContext<ProfileFormValues>();
  const error = useFieldError(name);
  const id = fieldId(name, idPrefix);
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        {...register(name)}
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
    </FieldFrame>
  );
}

/** A value the person sees but cannot change (email, or category and role for a non-admin). */
export function ReadOnlyValue({
  id,
  label,
  value,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  hint?: string;
}) {
  return (
    <FieldFrame id={id} label={label} hint={hint}>
      <input
        id={id}
        type="text"
        value={value}
        readOnly
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={INPUT_CLASS}
      />
    </FieldFrame>
  );
}
