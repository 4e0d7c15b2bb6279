import { setFlash } from '../../lib/flash-toast.ts';
import { clearHint } from '../../lib/session-hint.ts';
import { showToast } from '../../lib/toast.ts';
import ConfirmDialog, { type ConfirmOutcome } from '../ui/ConfirmDialog.tsx';

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
  async function confirm(): Promise<ConfirmOutcome> {
    try {
      const { deleteAccount } = await import('../../data/client/members/profile-editor.ts');
      const outcome = await deleteAccount(userId);
      if (!outcome.ok) {
        const description =
          outcome.code === 'permission-denied'
            ? 'Insufficient permissions to delete this profile'
            : 'Failed to delete profile. Please try again.';
        showToast({ title: 'Error', description, variant: 'destructive' });
        return 'stay';
      }
      if (own) {
        const { signOut } = await import('../../data/client/shared/auth.ts');
        // The account is gone; signing out only forgets it in this browser.
        await signOut().catch(() => undefined);
        clearHint();
        setFlash({ title: 'Profile Deleted', description: 'Your profile and account have been deleted.' });
        location.assign('/');
        return 'leave';
      }
      setFlash({
        title: 'Profile Deleted',
        description: `${displayName}'s profile and account have been deleted.`,
      });
      location.assign('/admin');
      return 'leave';
    } catch (error) {
      console.error('Account deletion failed', error);
      showToast({
        title: 'Error',
        description: 'Failed to delete profile. Please try again.',
        variant: 'destructive',
      });
      return 'stay';
    }
  }

  return (
    <ConfirmDialog
      trigger="Delete Profile"
      title="Delete Profile"
      description={
        own
          ? 'Are you sure you want to delete your profile? Your account, profile, books, products, ads and uploaded pictures will be removed. This action cannot be undone.'
          : `Are you sure you want to delete ${displayName}? Their account, profile, books, products, ads and uploaded pictures will be removed. This action cannot be undone.`
      }
      confirmLabel="Delete Profile"
      busyLabel="Deleting…"
      onConfirm={confirm}
    />
  );
}
