/**
 * Labelled inputs for the account forms (react-hook-form's register() spread
 * in), each with its inline error tied by aria-describedby, and passwords with
 * Show/Hide.
 */
import { useState, type InputHTMLAttributes, type Ref } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  /** Input id, also the label's htmlFor. */
  id: string;
  /** Visible label. */
  label: string;
  /** The inline error, if any. */
  error?: string;
  /** register()'s ref (a plain prop in React 19). */
  ref?: Ref<HTMLInputElement>;
}

const INPUT = 'min-w-0 flex-1 bg-transparent px-3 py-2 text-ink outline-none';

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
      {error}
    </p>
  ) : null;
}

/** A text or email field. */
export function AccountField({ id, label, error, ref, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex rounded-md border border-line bg-white focus-within:border-accent">
        <input {...input} ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} className={`${INPUT} rounded-md`} />
      </div>
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** A password field with Show/Hide. */
export function PasswordField({ id, label, error, ref, ...input }: Omit<Props, 'type'>) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex rounded-md border border-line bg-white focus-within:border-accent">
        <input
          {...input}
          ref={ref}
          id={id}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} rounded-l-md`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={id}
          aria-label={visible ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`}
          className="rounded-r-md px-3 text-sm font-semibold text-accent hover:bg-accent-soft"
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <ErrorText id={id} error={error} />
    </div>
  );
}
