import { useEffect, useState } from 'react';
import { EMAIL_LINK_INVALID_MESSAGE } from '../../domain/accounts/account.ts';
import { clearHint } from '../../lib/session-hint.ts';
import LinkRefused from './LinkRefused.tsx';

type State = { step: 'working' } | { step: 'invalid'; message: string } | { step: 'done'; changed: boolean };

/**
 * /auth/confirm-email: hands the one-time code of a verification or
 * email-change link to the server, which applies it, records the date and, for
 * a change, ends every session of the account and tells the old address. After
 * a change this browser forgets its session too. The link's `uid` parameter
 * (older mails carry one) is not used: the code alone says whose address it is.
 */
export default function ConfirmEmail() {
  const [state, setState] = useState<State>({ step: 'working' });

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const code = params.get('oobCode');
    void (async () => {
      if (!code) {
        setState({ step: 'invalid', message: EMAIL_LINK_INVALID_MESSAGE });
        return;
      }
      const account = await import('../../data/client/accounts/account.ts');
      const applied = await account.applyEmailCode(code);
      if (!applied.ok) {
        setState({ step: 'invalid', message: applied.message });
        return;
      }
      if (applied.changed) {
        // The server ended every session of the account; forget this browser's too.
        const { signOut } = await import('../../data/client/shared/auth.ts');
        await signOut().catch(() => undefined);
        clearHint();
      }
      setState({ step: 'done', changed: applied.changed });
    })().catch(() =>
      setState({
        step: 'invalid',
        message: 'Could not confirm the address. Check your connection and reload the page.',
      }),
    );
  }, []);

  if (state.step === 'working') return <p role="status">Confirming your email address…</p>;
  if (state.step === 'invalid') {
    return (
      <LinkRefused message={state.message}>
        <p>
          Log in and open{' '}
          <a href="/account" className="text-accent underline">
            Account settings
          </a>{' '}
          to ask for a new link.
        </p>
      </LinkRefused>
    );
  }
  return (
    <div className="space-y-4">
      <p role="status">
        {state.changed
          ? 'Your email address has been confirmed. Log in with it to continue.'
          : 'Your email address has been confirmed.'}
      </p>
      <a href="/auth" className="btn btn-primary">
        {state.changed ? 'Go to login' : 'Continue'}
      </a>
    </div>
  );
}
