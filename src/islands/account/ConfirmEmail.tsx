import { useEffect, useState } from 'react';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../domain/account.ts';
import { clearHint } from '../../lib/session-hint.ts';

type State = { step: 'working' } | { step: 'invalid'; message: string } | { step: 'done'; changed: boolean };

/**
 * /auth/confirm-email: applies the one-time code of a verification or
 * email-change link, then tells the server (which records the date and, for a
 * change, tells the old address). A changed address ends the sessions Firebase
 * held for the old one, so this browser then forgets its session too.
 */
export default function ConfirmEmail() {
  const [state, setState] = useState<State>({ step: 'working' });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('oobCode');
    const uid = params.get('uid');
    void (async () => {
      if (!code) {
        setState({ step: 'invalid', message: EMAIL_LINK_INVALID_MESSAGE });
        return;
      }
      const account = await import('../../data/client/account.ts');
      const applied = await account.applyEmailCode(code);
      if (!applied.ok) {
        setState({ step: 'invalid', message: applied.message });
        return;
      }
      if (uid) await account.noteEmailConfirmed(uid).catch(() => undefined);
      if (applied.changed) {
        // Firebase ended the sessions of the old address; forget this browser's too.
        const { signOut } = await import('../../data/client/auth.ts');
        await signOut().catch(() => undefined);
        clearHint();
      }
      setState({ step: 'done', changed: applied.changed });
    })().catch(() => setState({ step: 'invalid', message: 'Could not confirm the address. Check your connection and reload the page.' }));
  }, []);

  if (state.step === 'working') return <p role="status">Confirming your email address…</p>;
  if (state.step === 'invalid') {
    return (
      <div className="space-y-4">
        <p role="alert" className="rounded-md border border-red-700 bg-white p-3 font-semibold text-red-700">
          {state.message}
        </p>
        <p>
          Log in and open <a href="/account" className="text-accent underline">Account settings</a> to ask for a new link.
        </p>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status">
        {state.changed ? 'Your email address has been confirmed. Log in with it to continue.' : 'Your email address has been confirmed.'}
      </p>
      <a href="/auth" className="btn btn-primary">
        {state.changed ? 'Go to login' : 'Continue'}
      </a>
    </div>
  );
}
