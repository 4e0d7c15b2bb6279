import { useState } from 'react';
import { showToast } from '../../lib/toast.ts';
import { useAsync } from '../ui/use-async.ts';

/** Never settles: the page is navigating away and keeps its loading state until it has. */
function leave(destination: string): Promise<never> {
  location.replace(destination);
  return new Promise<never>(() => {});
}

/**
 * The signed-in member's part of /pending-approval: their email, the 'Email
 * Verified' mark when the address is verified (Auth is asked afresh on every
 * visit), otherwise a button that emails a new verification link, and Sign Out. Signed-out visitors go to /auth; approved
 * members and admins, who have nothing to wait for, go home.
 */
export default function PendingApproval() {
  const [state] = useAsync(
    async () => {
      const { announceHint, loadSession } = await import('../../lib/account-session.ts');
      // Fresh: the verification link may have been followed, or the approval given, since the last visit.
      const session = await loadSession({ fresh: true });
      announceHint(session?.hint ?? null);
      if (!session) return leave('/auth');
      if (session.hint.admin || session.hint.approval_status === 'approved') return leave('/');
      return { email: session.account.email, emailVerified: session.account.emailVerified };
    },
    [],
    'Could not check the account',
  );
  // Set when a resend finds the address verified since the page loaded.
  const [verifiedSince, setVerifiedSince] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);

  async function signOut() {
    setBusy(true);
    const { logout } = await import('../../lib/account-session.ts');
    await logout('/auth');
    setBusy(false);
  }

  async function resend() {
    setSending(true);
    const { resendVerificationEmail } = await import('../../data/client/accounts/verification-email.ts');
    const outcome = await resendVerificationEmail();
    setSending(false);
    if (!outcome.ok) {
      const title = outcome.code === 'resource-exhausted' ? 'Please Wait' : 'Email Not Sent';
      showToast({ title, description: outcome.message, variant: 'destructive' });
    } else if (outcome.data === 'already-verified') {
      setVerifiedSince(true);
      showToast({ title: 'Email Verified', description: 'Your email address is already verified.' });
    } else {
      showToast({
        title: 'Verification Email Sent',
        description: 'Please check your inbox and follow the link in the email.',
      });
    }
  }

  if (state.status === 'failed') {
    return (
      <p role="alert" className="text-accent-dark">
        We could not check your account just now. Please reload the page in a moment.
      </p>
    );
  }
  if (state.status === 'loading') {
    return (
      <p role="status" className="text-ink-muted">
        Checking your account…
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p>
        Signed in as <strong className="break-all">{state.value.email}</strong>
      </p>
      {state.value.emailVerified || verifiedSince ? (
        <p className="inline-flex items-center gap-2 rounded-full border border-green-700 bg-green-50 px-3 py-1 text-sm font-semibold text-green-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M7.6 13.2 4.4 10l-1.4 1.4 4.6 4.6 9.4-9.4L15.6 5z" />
          </svg>
          Email Verified
        </p>
      ) : (
        <div className="space-y-2">
          <p className="text-ink-muted">
            Your email address is not verified yet. Follow the link in the email we sent you, or ask for a new
            one.
          </p>
          <button type="button" onClick={resend} disabled={sending} className="btn btn-outline">
            {sending ? 'Sending…' : 'Resend verification email'}
          </button>
        </div>
      )}
      <div>
        <button type="button" onClick={signOut} disabled={busy} className="btn btn-outline">
          Sign Out
        </button>
      </div>
    </div>
  );
}
