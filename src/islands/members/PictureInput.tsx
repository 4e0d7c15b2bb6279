/**
 * The profile picture input of both profile editors: the upload field (which
 * checks, uploads and re-encodes the file and hands back its address), plus the
 * form's own error when the stored value is refused.
 */
import ProfileImageField from '../media/ProfileImageField.tsx';
import FormAlert from '../ui/FormAlert.tsx';

interface Props {
  /** Element id for the error line. */
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

/** Profile picture: upload, change or remove. */
export default function PictureInput({ id, value, onChange, userId, error }: Props) {
  return (
    <div>
      <ProfileImageField value={value} onChange={onChange} userId={userId} label="Profile Picture" />
      <FormAlert id={`${id}-error`} spaced>
        {error}
      </FormAlert>
    </div>
  );
}
