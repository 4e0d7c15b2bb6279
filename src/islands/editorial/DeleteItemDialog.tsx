/** Delete with the spec's question first; the item disappears from the page once deleted. */
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';
import type { EditorialTexts } from './texts.ts';

interface Props {
  texts: EditorialTexts;
  /** The item's title, for the dialog's description. */
  title: string;
  /** Deletes; throws on failure. */
  onDelete: () => Promise<void>;
}

export default function DeleteItemDialog({ texts, title, onDelete }: Props) {
  async function confirm() {
    try {
      await onDelete();
      showToast({ title: 'Success', description: texts.deleted });
      return 'close' as const;
    } catch (error) {
      console.error(texts.deleteFailed, error);
      const description =
        error instanceof Error && error.message === 'Not authenticated'
          ? 'Not authenticated'
          : texts.deleteFailed;
      showToast({ title: 'Error', description, variant: 'destructive' });
      return 'stay' as const;
    }
  }

  return (
    <ConfirmDialog
      trigger="Delete"
      title={texts.confirmDelete}
      description={<>“{title}” will be removed. This action cannot be undone.</>}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
