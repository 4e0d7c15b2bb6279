/**
 * The profile picture input of both profile editors: the address of the
 * picture (a /media/… path of an uploaded file or an https URL), with a
 * preview once one is set.
 */
interface Props {
  /** Element id of the input. */
  id: string;
  /** The current picture ('' for none). */
  value: string;
  /** Called with the new picture. */
  onChange: (url: string) => void;
  /** Whose picture (uploads go to this member's folder). */
  userId: string;
  /** The inline error, if the value is refused. */
  error?: string;
}

/** Profile picture: its address, and a preview. */
export default function PictureInput({ id, value, onChange, error }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink">
        Profile Picture
      </label>
      <div className="flex items-start gap-3">
        {value && !error ? (
          <img src={value} alt="" width={64} height={64} className="h-16 w-16 shrink-0 rounded-full border border-line object-cover" />
        ) : null}
        <input
          id={id}
          type="url"
          inputMode="url"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder="https://"
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          className="w-full rounded-md border border-line bg-white px-3 py-2 text-ink outline-none focus:border-accent aria-[invalid=true]:border-red-700"
        />
      </div>
      <p id={hintId} className="mt-1 text-sm text-ink-muted">
        The https address of your picture; leave it empty for none.
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
