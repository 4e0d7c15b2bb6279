import { setFlash } from '../../lib/flash-toast.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog from '../ui/ConfirmDialog.tsx';

interface Props {
  /** The seller's ad. */
  adId: string;
  /** Open the question at once (the ad page's Delete links to the edit page with ?delete). */
  initiallyOpen?: boolean;
}

/** Delete for the seller: asks first, then deletes the ad and goes back to the market. */
export default function DeleteAdDialog({ adId, initiallyOpen = false }: Props) {
  async function confirm() {
    try {
      const { deleteAd } = await import('../../data/client/market/classified-ads.ts');
      await deleteAd(adId);
      setFlash({ title: 'Success', description: 'Classified ad deleted successfully!' });
      location.assign('/classifieds');
      return 'leave' as const;
    } catch (error) {
      console.error('Failed to delete classified ad.', error);
      showToast({ title: 'Error', description: 'Failed to delete classified ad.', variant: 'destructive' });
      return 'stay' as const;
    }
  }

  return (
    <ConfirmDialog
      trigger="Delete"
      initiallyOpen={initiallyOpen}
      title="Delete Classified Ad"
      description="Are you sure you want to delete this classified ad?"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onConfirm={confirm}
    />
  );
}
