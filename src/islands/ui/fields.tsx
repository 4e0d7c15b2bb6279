/**
 * The field kit of every island: a labelled control with its hint and its
 * inline error, tied to the control by aria-describedby so screen readers
 * announce them. Two families:
 * - bound fields (TextInput, TextArea, SelectInput, CheckboxInput) register
 *   themselves in the surrounding react-hook-form FormProvider by `name`;
 * - plain fields (Field, AreaField, PasswordField, ReadOnlyValue) take `id`,
 *   `error` and whatever register() returns, for forms without a FormProvider.
 * SubmitButton is a form's submit button with its busy label.
 */
import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { get, useFormContext, type FieldValues, type RegisterOptions } from 'react-hook-form';
import { INPUT_CLASS } from './styles.ts';

export { INPUT_CLASS } from './styles.ts';
export { default as PasswordField } from './PasswordField.tsx';

/** The element id of a form path under an editor's prefix ('links.0.url', 'be' → 'be-links-0-url'). */
export function fieldId(name: string, prefix: string): string {
  return `${prefix}-${name.replace(/\./g, '-')}`;
}

/** The inline error of the form path `name` in the surrounding form, if any. */
export function useFieldError(name: string): string | undefined {
  const { formState } = useFormContext<FieldValues>();
  return (get(formState.errors, name) as { message?: string } | undefined)?.message;
}

/** The ids a control is described by: its hint and its error, when shown. */
export function describedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A page of the site an error may send the member to (a catalogue author's page to claim). */
const SITE_PATH = /(\/authors\/[a-z0-9-]+)/;

/** An error's text, with the site page it names as a link to it. */
export function ErrorText({ text }: { text: string }) {
  const parts = text.split(SITE_PATH);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** The inline error of a form path with no control of its own (a picture set by its upload field). */
export function FieldError({ name }: { name: string }) {
  const error = useFieldError(name);
  return error ? <p className="mt-1 text-sm font-semibold text-red-700">{error}</p> : null;
}

interface FrameProps {
  /** The control's id, also the label's htmlFor. */
  id: string;
  /** Visible label. */
  label: string;
  /** Help under the control (`${id}-hint`). */
  hint?: ReactNode;
  /** The inline error under the control (`${id}-error`). */
  error?: string;
  /** Text shown at the label's end (a word counter). */
  aside?: ReactNode;
  /** Marks the label with a red asterisk (hidden from screen readers, which hear aria-required). */
  markRequired?: boolean;
  /** Announces the error the moment it appears (role="alert"), for an error raised while typing. */
  alertError?: boolean;
  children: ReactNode;
}

/** Label, control, hint and error; the control carries aria-describedby itself. */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  aside,
  markRequired,
  alertError,
  children,
}: FrameProps) {
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-semibold text-ink">
          {label}
          {markRequired ? (
            <span aria-hidden="true" className="text-red-700">
              {' *'}
            </span>
          ) : null}
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
        <p
          id={`${id}-error`}
          role={alertError ? 'alert' : undefined}
          className="mt-1 text-sm font-semibold text-red-700"
        >
          <ErrorText text={error} />
        </p>
      ) : null}
    </div>
  );
}

interface BoundProps {
  /** The form path the control is registered under. */
  name: string;
  /** Visible label. */
  label: string;
  /** Prefix of the element id, unique per editor on the page. */
  idPrefix: string;
  hint?: ReactNode;
  aside?: ReactNode;
  /** Shows the required asterisk and sets aria-required (validation stays with the form's schema). */
  markRequired?: boolean;
  rules?: RegisterOptions<FieldValues, string>;
}

type InputProps = BoundProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'id'>;

/** A one-line input bound to `name`. */
export function TextInput({ name, label, idPrefix, hint, aside, markRequired, rules, ...input }: InputProps) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  const id = fieldId(name, idPrefix);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside} markRequired={markRequired}>
      <input
        type="text"
        {...input}
        {...register(name, rules)}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={markRequired || input['aria-required']}
        className={INPUT_CLASS}
      />
    </FieldFrame>
  );
}

type AreaProps = BoundProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'>;

/** A multi-line text area bound to `name`. */
export function TextArea({
  name,
  label,
  idPrefix,
  hint,
  aside,
  markRequired,
  rules,
  rows = 4,
  ...area
}: AreaProps) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  const id = fieldId(name, idPrefix);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside} markRequired={markRequired}>
      <textarea
        rows={rows}
        {...area}
        {...register(name, rules)}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        aria-required={markRequired || area['aria-required']}
        className={INPUT_CLASS}
      />
    </FieldFrame>
  );
}

interface SelectProps extends Omit<BoundProps, 'aside' | 'markRequired'> {
  /** The choices, in order. */
  options: readonly { value: string; label: string }[];
  /** Greys the select out (a choice that depends on another one not made yet). */
  disabled?: boolean;
}

/** A select bound to `name`. */
export function SelectInput({ name, label, idPrefix, hint, options, rules, disabled }: SelectProps) {
  const { register } = useFormContext<FieldValues>();
  const error = useFieldError(name);
  const id = fieldId(name, idPrefix);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select
        {...register(name, rules)}
        id={id}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
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

/** A checkbox bound to `name`, its label beside it. */
export function CheckboxInput({
  name,
  label,
  idPrefix,
  hint,
}: Omit<BoundProps, 'aside' | 'rules' | 'markRequired'>) {
  const { register } = useFormContext<FieldValues>();
  const id = fieldId(name, idPrefix);
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

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Input id, also the label's htmlFor. */
  id: string;
  /** Visible label. */
  label: string;
  hint?: ReactNode;
  /** The inline error, if any. */
  error?: string;
  /** register()'s ref (a plain prop in React 19). */
  ref?: Ref<HTMLInputElement>;
}

/** A labelled one-line input for a form without a FormProvider (spread register() into it). */
export function Field({ id, label, hint, error, ref, ...input }: FieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        ref={ref}
        id={id}
        aria-invalid={error ? true : input['aria-invalid']}
        aria-describedby={
          [input['aria-describedby'], describedBy(id, hint, error)].filter(Boolean).join(' ') || undefined
        }
        className={INPUT_CLASS}
      />
    </FieldFrame>
  );
}

interface AreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  /** Text area id, also the label's htmlFor. */
  id: string;
  /** Visible label. */
  label: string;
  hint?: ReactNode;
  /** The inline error, if any. */
  error?: string;
  /** Announces the error the moment it appears (role="alert"). */
  alertError?: boolean;
  /** register()'s ref (a plain prop in React 19). */
  ref?: Ref<HTMLTextAreaElement>;
}

/** A labelled text area for a form without a FormProvider; `className` adds to the input look ('font-mono'). */
export function AreaField({ id, label, hint, error, alertError, ref, className, ...area }: AreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} alertError={alertError}>
      <textarea
        {...area}
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={className ? `${INPUT_CLASS} ${className}` : INPUT_CLASS}
      />
    </FieldFrame>
  );
}

interface SubmitProps {
  /** The form is submitting: the button is disabled and says `busyLabel`. */
  busy: boolean;
  busyLabel?: string;
  /** While set, the button is disabled and says this instead (an image still uploading). */
  waitingLabel?: string;
  /** The label otherwise. */
  children: ReactNode;
  /** As wide as the form (the auth screens' single-column forms). */
  wide?: boolean;
}

/** A form's primary submit button, disabled while the form submits (or waits) and saying so. */
export function SubmitButton({ busy, busyLabel = 'Saving…', waitingLabel, children, wide }: SubmitProps) {
  return (
    <button
      type="submit"
      className={wide ? 'btn btn-primary w-full' : 'btn btn-primary'}
      disabled={busy || waitingLabel !== undefined}
    >
      {busy ? busyLabel : (waitingLabel ?? children)}
    </button>
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
