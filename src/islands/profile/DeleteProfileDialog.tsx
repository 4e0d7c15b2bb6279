import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useState, type MouseEvent } from 'react';
import { setFlash } from '../../lib/flash-toast.ts';
import { clearHint } from '../../lib/session-hint.ts';
import { showToast } from '../../lib/toast.ts';

interface Props {
  /** Whose account is deleted. */
  userId: string;
  /** Their display name, for the question. */
  displayName: string;
  /** True when it is the signed-in person's own account. */
  own: boolean;
}

/**
 * Delete Profile: asks first, then deletes the account and everything it owns
 * through the deleteAccount function. Deleting one's own account signs out and
 * goes home; an admin deleting someone else goes back to /admin.
 */
export default function DeleteProfileDialog({ userId, displayName, own }: Props) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm(event: MouseEvent) {
    // Stay open while the deletion runs; the dialog closes by navigating away or on failure.
    event.preventDefault();
    setBusy(true);
    try {
      const { deleteAccount } = await import('../../data/client/profile-editor.ts');
      const outcome = await deleteAccount(userId);
      if (!outcome.ok) {
        const description =
          outcome.code === 'permission-denied'
            ? 'Insufficient permissions to delete this profile'
            : 'Failed to delete profile. Please try again.';
        showToast({ title: 'Error', description, variant: 'destructive' });
        setBusy(false);
        return;
      }
      if (own) {
        const { signOut } = await import('../../data/client/auth.ts');
        // The account is gone; signing out only forgets it in this browser.
        await signOut().catch(() => undefined);
        clearHint();
        setFlash({ title: 'Profile Deleted', description: 'Your profile and account have been deleted.' });
        location.assign('/');
      } else {
        setFlash({
          title: 'Profile Deleted',
          description: `${displayName}'s profile and account have been deleted.`,
        });
        location.assign('/admin');
      }
    } catch (error) {
      console.error('Account deletion failed', error);
      showToast({
        title: 'Error',
        description: 'Failed to delete profile. Please try again.',
        variant: 'destructive',
      });
      setBusy(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <AlertDialog.Trigger className="btn btn-outline">Delete Profile</AlertDialog.Trigger>
      <AlertDialog.Portal>
        {/* A plain backdrop, not AlertDialog.Overlay: the Overlay locks scrolling by injecting a <style> the CSP refuses. */}
        <div className="fixed inset-0 z-40 bg-ink/50" aria-hidden="true" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-line bg-paper p-6 shadow-xl">
          <AlertDialog.Title className="mb-2 text-xl font-bold">Delete Profile</AlertDialog.Title>
          <AlertDialog.Description className="mb-6 text-ink-muted">
            {own
              ? 'Are you sure you want to delete your profile? Your account, profile, books, products, ads and uploaded pictures will be removed. This action cannot be undone.'
              : `Are you sure you want to delete ${displayName}? Their account, profile, books, products, ads and uploaded pictures will be removed. This action cannot be undone.`}
          </AlertDialog.Description>
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn btn-outline" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action className="btn btn-primary" disabled={busy} onClick={confirm}>
              {busy ? 'Deleting…' : 'Delete Profile'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
