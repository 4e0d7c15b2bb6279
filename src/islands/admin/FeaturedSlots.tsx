interface Props<Item> {
  /** The list's accessible name ('Featured book slots'). */
  label: string;
  /** What holds each slot, in slot order; null for an empty one. */
  slots: readonly (Item | null)[];
  /** What a filled slot shows. */
  name: (item: Item) => string;
  /** Whether the slot at `position` (1-based) is being emptied. */
  removing: (position: number) => boolean;
  /** Opens the picker for the slot at `position`. */
  onPick: (position: number) => void;
  onRemove: (position: number) => void;
}

/** Numbered featured slots: each names what holds it, with Change (Assign when empty) and Remove. */
export default function FeaturedSlots<Item>({ label, slots, name, removing, onPick, onRemove }: Props<Item>) {
  return (
    <ol className="grid gap-2 md:grid-cols-2 lg:grid-cols-3" aria-label={label}>
      {slots.map((item, index) => (
        <li
          key={index}
          className="flex items-center justify-between gap-2 rounded border border-line bg-white p-3"
          aria-label={`Slot ${index + 1}`}
        >
          <span>
            <span className="font-semibold">{index + 1}.</span>{' '}
            {item ? name(item) : <span className="text-ink-muted">Empty</span>}
          </span>
          <span className="flex gap-1">
            <button type="button" className="btn btn-outline" onClick={() => onPick(index + 1)}>
              {item ? 'Change' : 'Assign'}
            </button>
            {item ? (
              <button
                type="button"
                className="btn btn-outline"
                disabled={removing(index + 1)}
                onClick={() => onRemove(index + 1)}
              >
                Remove
              </button>
            ) : null}
          </span>
        </li>
      ))}
    </ol>
  );
}
