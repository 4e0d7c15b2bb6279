/** One choice of a filter: the value it filters by and what the admin reads. */
export interface FilterChoice {
  value: string;
  label: string;
}

interface Props {
  id: string;
  /** Visible label. */
  label: string;
  /** The chosen value; '' means all. */
  value: string;
  /** The choices after 'All', in order. */
  options: readonly FilterChoice[];
  onChange: (value: string) => void;
}

/** A labelled select that narrows a list: 'All' (value '') first, then the choices. */
export default function FilterSelect({ id, label, value, options, onChange }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        className="rounded-md border border-line bg-white px-2 py-2 text-ink"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
