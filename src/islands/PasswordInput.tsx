import { useState, type InputHTMLAttributes } from 'react';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** Input id, also used for the label's htmlFor. */
  id: string;
  /** Visible label. */
  label: string;
}

/** A labelled password field with a Show/Hide toggle. */
export default function PasswordInput({ id, label, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <div className="flex rounded-md border border-line bg-white focus-within:border-accent">
        <input
          {...input}
          id={id}
          type={visible ? 'text' : 'password'}
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
    </div>
  );
}
