/** Delete with the spec's question first; the item disappears from the page once deleted. */
import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type MouseEvent } from 'react';
import { showToast } from '../../lib/toast.ts';
import type { EditorialTexts } from './texts.ts';

interface Props {
  texts: EditorialTexts;
  /** The item's title, for the dialog's description. */
  title: string;
  /** Deletes; throws on failure. */
  onDelete: () => Promise<void>;
}

export default function DeleteItemDialog({ texts, title, onDelete }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm(event: MouseEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onDelete();
      showToast({ title: 'Success', description: texts.deleted });
      setOpen(false);
    } catch (error) {
      console.error(texts.deleteFailed, error);
      const description =
        error instanceof Error && error.message === 'Not authenticated'
          ? 'Not authenticated'
          : texts.deleteFailed;
      showToast({ title: 'Error', description, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className="btn btn-outline">Delete</AlertDialog.Trigger>
      <AlertDialog.Portal>
        {/* A plain backdrop, not AlertDialog.Overlay: the Overlay locks scrolling by injecting a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-paper p-6 shadow-xl">
          <AlertDialog.Title className="mb-2 text-xl font-bold">{texts.confirmDelete}</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-ink-muted">
            “{title}” will be removed. This action cannot be undone.
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" disabled={busy} onClick={confirm}>
              {busy ? 'Deleting...' : 'Delete'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
