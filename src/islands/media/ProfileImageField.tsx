import { useId, useRef, useState, type ChangeEvent } from 'react';
import { beginUpload } from '../../stores/uploads-in-flight.ts';
import { IMAGE_INPUT_ACCEPT, uploadMessages } from '../../domain/media/image-upload.ts';
import { srcsetOf, type UploadKind } from '../../domain/media/media-image.ts';
import { showToast } from '../../lib/toast.ts';
import { useHydrated } from '../ui/use-hydrated.ts';

interface Props {
  /** The current picture's URL ('' for none). */
  value: string;
  /** Called with the new picture's URL after a successful upload, or '' when it is removed. */
  onChange: (url: string) => void;
  /** Whose picture this is (the signed-in member, or the member an admin is editing). */
  userId: string;
  /** The field's visible name. */
  label?: string;
  /** What the picture is for (the upload folder); a profile picture unless told. */
  kind?: UploadKind;
  /** Placeholder shown without a picture, and whether the preview is round (an avatar), a book-shaped rectangle, or wide (a logo or banner, shown whole). */
  shape?: 'avatar' | 'cover' | 'wide';
}

const PLACEHOLDERS = {
  avatar: '/placeholder-avatar.svg',
  cover: '/placeholder-cover.svg',
  wide: '/placeholder-cover.svg',
} as const;
const PREVIEW_CLASSES = {
  avatar: 'h-24 w-24 rounded-full object-cover',
  cover: 'h-24 w-16 rounded-md object-cover',
  wide: 'h-24 w-48 rounded-md object-contain',
} as const;

/** Starts downloading the upload code (and Firebase) while the person is about to choose a file. */
function warmUp(): void {
  void import('../../data/client/media/uploads.ts');
}

/**
 * A profile picture field: the current picture (or a placeholder), a button that
 * opens the file picker, checks in the browser first, a progress bar while the
 * file goes up, the reason when it is refused, and `onChange(url)` once stored.
 * The old picture is not touched here: saving the profile removes it.
 */
export default function ProfileImageField({
  value,
  onChange,
  userId,
  label = 'Profile Image',
  kind = 'profile-images',
  shape = 'avatar',
}: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const [broken, setBroken] = useState('');
  const busy = progress !== null;
  const shown = value && broken !== value ? value : '';

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared so that choosing the same file again (after fixing it) fires another change.
    event.target.value = '';
    if (!file) return;
    setProblem('');
    setProgress(0);
    // Forms on the page hold their Save until the new picture is stored.
    const endUpload = beginUpload();
    try {
      const { uploadImage } = await import('../../data/client/media/uploads.ts');
      const outcome = await uploadImage({ kind, file, userId, onProgress: setProgress });
      if (outcome.ok) {
        onChange(outcome.image.url);
      } else {
        setProblem(outcome.toast.description);
        showToast({ ...outcome.toast, variant: 'destructive' });
      }
    } catch {
      // Only the code download itself can throw here (uploadImage never does): the page is offline.
      const description = uploadMessages(kind).failed;
      setProblem(description);
      showToast({ title: 'Upload error', description, variant: 'destructive' });
    } finally {
      setProgress(null);
      endUpload();
    }
  }

  const percent = Math.round((progress ?? 0) * 100);
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="space-y-2">
      <span id={`${id}-label`} className="block text-sm font-semibold text-ink">
        {label}
      </span>
      <div className="flex items-center gap-4">
        <img
          src={shown || PLACEHOLDERS[shape]}
          srcSet={shown ? srcsetOf(shown) : undefined}
          sizes="96px"
          alt={shown ? `Current ${label.toLowerCase()}` : `No ${label.toLowerCase()} yet`}
          width={96}
          height={96}
          onError={() => setBroken(value)}
          className={`${PREVIEW_CLASSES[shape]} border border-line bg-parchment`}
        />
        <div className="space-y-2">
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-outline"
              disabled={!hydrated || busy}
              aria-describedby={`${id}-hint ${id}-problem`}
              onClick={() => input.current?.click()}
              onFocus={warmUp}
              onPointerEnter={warmUp}
            >
              {busy ? 'Uploading…' : value ? 'Change image' : 'Choose image'}
            </button>
            {value && !busy && (
              <button
                type="button"
                className="btn btn-outline"
                disabled={!hydrated}
                onClick={() => onChange('')}
              >
                Remove image
              </button>
            )}
          </div>
          <p id={`${id}-hint`} className="text-sm text-ink-muted">
            JPEG, PNG, GIF, WebP or AVIF, less than 500KB.
          </p>
          {busy && (
            <div className="flex items-center gap-2 text-sm text-ink-muted">
              <progress
                max={100}
                value={percent}
                aria-label={`Uploading ${label.toLowerCase()}`}
                className="h-2 w-40"
              />
              <span aria-live="polite">{percent}%</span>
            </div>
          )}
          <p id={`${id}-problem`} className="text-sm text-accent" aria-live="polite">
            {problem}
          </p>
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={IMAGE_INPUT_ACCEPT}
        hidden
        aria-label={label}
        onChange={upload}
      />
    </div>
  );
}
