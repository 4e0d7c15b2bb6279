/**
 * Labelled inputs for the account forms (react-hook-form's register() spread
 * in), each with its inline error tied by aria-describedby; passwords use the
 * shared PasswordInput (Show/Hide).
 */
import type { InputHTMLAttributes, Ref } from 'react';

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
        <input
          {...input}
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} rounded-md`}
        />
      </div>
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** A password field with Show/Hide and its inline error: the shared one of sign-up and login. */
export { default as PasswordField } from '../PasswordInput.tsx';
