import { setFlash } from '../../lib/flash-toast.ts';
import { clearHint } from '../../lib/session-hint.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog, { type ConfirmOutcome } from '../ui/ConfirmDialog.tsx';

/** Sign out everywhere: asks first, then ends every session of the account (this browser's too) and goes to login. */
export default function SignOutEverywhere() {
  async function confirm(): Promise<ConfirmOutcome> {
    const { signOutEverywhere } = await import('../../data/client/accounts/account.ts');
    const outcome = await signOutEverywhere().catch(() => ({
      ok: false as const,
      code: 'unknown',
      message: 'Could not reach the server.',
    }));
    if (!outcome.ok) {
      showToast({
        title: 'Error',
        description: 'Failed to sign out everywhere. Please try again.',
        variant: 'destructive',
      });
      return 'stay';
    }
    clearHint();
    setFlash({
      title: 'Signed out everywhere',
      description: 'Every device has been signed out. Log in again to continue.',
    });
    location.assign('/auth');
    return 'leave';
  }

  return (
    <div className="space-y-3">
      <p>
        Signed in on a device you no longer use? Sign out everywhere ends every session of your account, this
        one included.
      </p>
      <ConfirmDialog
        trigger="Sign out everywhere"
        title="Sign out everywhere?"
        description="Every browser and device signed in to your account will be signed out, including this one."
        confirmLabel="Sign out everywhere"
        busyLabel="Signing out…"
        onConfirm={confirm}
      />
    </div>
  );
}
