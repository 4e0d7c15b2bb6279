import { SESSION_ENDED_MESSAGE } from '../../domain/shared/caller-standing.ts';
import { ITEM_MESSAGES } from '../../domain/items/item-save.ts';
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
    const outcome = await import('../../data/client/market/classified-ads.ts')
      .then(({ deleteAd }) => deleteAd(adId))
      .catch((error: unknown) => ({ ok: false as const, code: 'unknown', message: String(error) }));
    if (outcome.ok) {
      setFlash({ title: 'Success', description: ITEM_MESSAGES.adDeleted });
      location.assign('/classifieds');
      return 'leave' as const;
    }
    console.error(ITEM_MESSAGES.adDeleteFailed, outcome.message);
    // A session ended elsewhere: the page is already on its way to the sign-in screen.
    if (outcome.message !== SESSION_ENDED_MESSAGE)
      showToast({ title: 'Error', description: ITEM_MESSAGES.adDeleteFailed, variant: 'destructive' });
    return 'stay' as const;
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
