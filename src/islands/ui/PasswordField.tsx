import { useState, type InputHTMLAttributes, type Ref } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Input id, also used for the label's htmlFor. */
  id: string;
  /** Visible label. */
  label: string;
  /** The inline error, if any: shown under the field and tied to it by aria-describedby. */
  error?: string;
  /** react-hook-form register()'s ref (a plain prop in React 19). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled password field with a Show/Hide toggle, used by sign-up, login and the
 * account forms. An error replaces the caller's own aria-describedby (a hint) while
 * it shows, and keeps the hint described as well.
 */
export default function PasswordField({ id, label, error, ref, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  const errorId = `${id}-error`;
  const describedBy =
    [input['aria-describedby'], error ? errorId : undefined].filter(Boolean).join(' ') || undefined;
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
          aria-invalid={error ? true : input['aria-invalid']}
          aria-describedby={describedBy}
          className="min-w-0 flex-1 rounded-l-md bg-transparent px-3 py-2 text-ink outline-none"
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
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
