import { useEffect, useState } from 'react';

type State =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; email: string; emailVerified: boolean };

/**
 * The signed-in member's part of /pending-approval: their email, the 'Email
 * Verified' mark and Sign Out. Signed-out visitors go to /auth; approved
 * members and admins, who have nothing to wait for, go home.
 */
export default function PendingApproval() {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void (async () => {
      const { announceHint, loadSession } = await import('../lib/account-session.ts');
      // Fresh: the verification link may have been followed, or the approval given, since the last visit.
      const session = await loadSession({ fresh: true }).catch((error: unknown) => {
        console.error('Could not check the account', error);
        return undefined;
      });
      if (session === undefined) {
        setState({ status: 'failed' });
        return;
      }
      announceHint(session?.hint ?? null);
      if (!session) {
        location.replace('/auth');
      } else if (session.hint.admin || session.hint.approval_status === 'approved') {
        location.replace('/');
      } else {
        setState({ status: 'ready', email: session.account.email, emailVerified: session.account.emailVerified });
      }
    })();
  }, []);

  async function signOut() {
    setBusy(true);
    const { logout } = await import('../lib/account-session.ts');
    await logout('/auth');
    setBusy(false);
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
        Signed in as <strong className="break-all">{state.email}</strong>
      </p>
      {state.emailVerified && (
        <p className="inline-flex items-center gap-2 rounded-full border border-green-700 bg-green-50 px-3 py-1 text-sm font-semibold text-green-800">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
            <path d="M7.6 13.2 4.4 10l-1.4 1.4 4.6 4.6 9.4-9.4L15.6 5z" />
          </svg>
          Email Verified
        </p>
      )}
      <div>
        <button type="button" onClick={signOut} disabled={busy} className="btn btn-outline">
          Sign Out
        </button>
      </div>
    </div>
  );
}
