import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type MouseEvent } from 'react';
import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';

interface Props {
  /** The seller's ad. */
  adId: string;
  /** Open the question at once (the ad page's Delete links to the edit page with ?delete). */
  initiallyOpen?: boolean;
}

/** Delete for the seller: asks first, then deletes the ad and goes back to the market. */
export default function DeleteAdDialog({ adId, initiallyOpen = false }: Props) {
  const [open, setOpen] = useState(initiallyOpen);
  const [busy, setBusy] = useState(false);

  async function confirm(event: MouseEvent) {
    // Stay open while deleting; navigating away or a failure ends it.
    event.preventDefault();
    setBusy(true);
    try {
      const { deleteAd } = await import('../../data/client/classified-ads.ts');
      await deleteAd(adId);
      setFlash({ title: 'Success', description: 'Classified ad deleted successfully!' });
      location.assign('/classifieds');
    } catch (error) {
      console.error('Failed to delete classified ad.', error);
      showToast({ title: 'Error', description: 'Failed to delete classified ad.', variant: 'destructive' });
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger type="button" className="btn btn-outline">
        Delete
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        {/* A plain backdrop, not AlertDialog.Overlay: the Overlay locks scrolling by injecting a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-paper p-6 shadow-xl">
          <AlertDialog.Title className="mb-2 text-xl font-bold">Delete Classified Ad</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-ink-muted">
            Are you sure you want to delete this classified ad?
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" disabled={busy} onClick={confirm}>
              {busy ? 'Deleting…' : 'Delete'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
