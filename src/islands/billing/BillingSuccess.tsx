import { useEffect, useState } from 'react';

type State =
  | { step: 'waiting'; slow: boolean }
  | { step: 'signed-out' }
  | { step: 'premium'; profilePath: string | null };

/** After this long without Premium, the page says it is taking longer than usual (it keeps checking for up to 10 minutes). */
const SLOW_AFTER_MS = 30_000;

/**
 * /billing/success: watches the member's plan until the webhook has switched
 * Premium on, then says so, refreshes the header's session hint (the Premium
 * badge) and links to the profile and the account.
 */
export default function BillingSuccess() {
  const [state, setState] = useState<State>({ step: 'waiting', slow: false });

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    const slow = setTimeout(() => {
      setState((current) => (current.step === 'waiting' ? { step: 'waiting', slow: true } : current));
    }, SLOW_AFTER_MS);
    void (async () => {
      const { currentAccount } = await import('../../data/client/shared/auth.ts');
      const account = await currentAccount();
      if (cancelled) return;
      if (!account) {
        setState({ step: 'signed-out' });
        return;
      }
      const { pollOwnPlan } = await import('../../data/client/accounts/profiles.ts');
      stop = pollOwnPlan(account.uid, (profile) => {
        if (profile.subscription_status !== 'premium') return;
        stop();
        clearTimeout(slow);
        void (async () => {
          const { announceHint, loadSession } = await import('../../lib/account-session.ts');
          const session = await loadSession().catch(() => null);
          if (session) announceHint(session.hint);
          setState({ step: 'premium', profilePath: `/profile/${profile.page_slug}` });
        })();
      });
    })().catch(() => setState({ step: 'waiting', slow: true }));
    return () => {
      cancelled = true;
      stop();
      clearTimeout(slow);
    };
  }, []);

  if (state.step === 'signed-out') {
    return (
      <p>
        <a href="/auth" className="underline">
          Sign in
        </a>{' '}
        to see your plan.
      </p>
    );
  }
  // One live region whose text changes, so the change is announced.
  const text =
    state.step === 'premium'
      ? 'You are now on Premium.'
      : state.slow
        ? 'This is taking longer than usual. This page keeps checking for a few minutes; you can also look at your account later.'
        : 'Switching on Premium…';
  return (
    <div className="space-y-4">
      <p role="status" className={state.step === 'premium' ? 'text-lg font-semibold' : 'text-ink-muted'}>
        {text}
      </p>
      {state.step === 'premium' ? (
        <div className="flex flex-wrap gap-3">
          {state.profilePath ? (
            <a href={state.profilePath} className="btn btn-primary">
              Go to your profile
            </a>
          ) : null}
          <a href="/account" className="btn btn-outline">
            Your account
          </a>
        </div>
      ) : null}
    </div>
  );
}
