import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type MouseEvent } from 'react';
import { setFlash } from '../../lib/flash-toast.ts';
import { clearHint } from '../../lib/session-hint.ts';
import { showToast } from '../../lib/toast.ts';

/** Sign out everywhere: asks first, then ends every session of the account (this browser's too) and goes to login. */
export default function SignOutEverywhere() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm(event: MouseEvent) {
    event.preventDefault();
    setBusy(true);
    const { signOutEverywhere } = await import('../../data/client/account.ts');
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
      setBusy(false);
      return;
    }
    clearHint();
    setFlash({
      title: 'Signed out everywhere',
      description: 'Every device has been signed out. Log in again to continue.',
    });
    location.assign('/auth');
  }

  return (
    <div className="space-y-3">
      <p>
        Signed in on a device you no longer use? Sign out everywhere ends every session of your account, this
        one included.
      </p>
      <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
        <AlertDialog.Trigger className="btn btn-outline">Sign out everywhere</AlertDialog.Trigger>
        <AlertDialog.Portal>
          {/* A plain backdrop, not AlertDialog.Overlay: the Overlay locks scrolling by injecting a <style> the CSP refuses. */}
          <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
          <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-paper p-6 shadow-xl">
            <AlertDialog.Title className="mb-2 text-xl font-bold">Sign out everywhere?</AlertDialog.Title>
            <AlertDialog.Description className="mb-6 text-ink-muted">
              Every browser and device signed in to your account will be signed out, including this one.
            </AlertDialog.Description>
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className="btn btn-outline" disabled={busy}>
                Cancel
              </AlertDialog.Cancel>
              <AlertDialog.Action className="btn btn-primary" disabled={busy} onClick={confirm}>
                {busy ? 'Signing out…' : 'Sign out everywhere'}
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </div>
  );
}
