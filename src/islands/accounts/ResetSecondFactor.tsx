import { showToast } from '../../lib/toast.ts';
import ConfirmDialog, { type ConfirmOutcome } from '../ui/ConfirmDialog.tsx';

/**
 * An admin on another member's account page: clears that member's two-step
 * sign-in when they lost both their device and their recovery codes (after
 * making sure, outside Shelfmark, that it is really them). Audited.
 */
export default function ResetSecondFactor({ uid, name }: { uid: string; name: string }) {
  async function confirm(): Promise<ConfirmOutcome> {
    const { secondFactorCall } = await import('../../data/client/accounts/second-factor.ts');
    const outcome = await secondFactorCall({ action: 'reset', uid });
    if (!outcome.ok) {
      showToast({ title: 'Not reset', description: outcome.message, variant: 'destructive' });
      return 'stay';
    }
    showToast({
      title: 'Two-step sign-in reset',
      description: `${name} can set up two-step sign-in again from their account page.`,
    });
    return 'close';
  }

  return (
    <div className="space-y-3">
      <p>
        If this member (an administrator) lost both their authenticator app and their recovery codes, reset
        their two-step sign-in so they can set it up again. Make sure it is really them first.
      </p>
      <ConfirmDialog
        trigger="Reset two-step sign-in"
        title="Reset two-step sign-in?"
        description={`${name}'s authenticator app and recovery codes stop working. They have no admin powers until they set it up again.`}
        confirmLabel="Reset two-step sign-in"
        busyLabel="Resetting…"
        onConfirm={confirm}
      />
    </div>
  );
}
