import type { InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  /** Input id, also used for the label's htmlFor. */
  id: string;
  /** Visible label. */
  label: string;
}

/** A labelled text input in the site's form style. */
export default function TextField({ id, label, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        {...input}
        id={id}
        className="w-full rounded-md border border-line bg-white px-3 py-2 text-ink outline-none focus:border-accent"
      />
    </div>
  );
}
