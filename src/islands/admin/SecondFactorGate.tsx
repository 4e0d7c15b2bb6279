import { useEffect, useState, type ReactNode } from 'react';
import type { SecondFactorStatus } from '../../domain/accounts/second-factor.ts';
import SecondFactorCodeForm from '../accounts/SecondFactorCodeForm.tsx';
import Dialog from '../ui/Dialog.tsx';

type State =
  { step: 'loading' } | { step: 'error'; message: string } | { step: 'ready'; status: SecondFactorStatus };

const load = () => import('../../data/client/accounts/second-factor.ts');

/**
 * Shows the admin's powers (`children`) only to a sign-in that passed the
 * second factor: without one set up, a prompt to set it up on the account page;
 * set up but not entered in this sign-in (or its 12 hours are over), the
 * "Enter your authenticator code" dialog. The functions and the rules refuse
 * the powers without it anyway; this only says so before the admin tries.
 */
export default function SecondFactorGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ step: 'loading' });
  const [open, setOpen] = useState(true);

  useEffect(() => {
    void (async () => {
      const outcome = await (await load()).secondFactorCall({ action: 'status' });
      setState(
        outcome.ok
          ? { step: 'ready', status: outcome.data.status }
          : { step: 'error', message: outcome.message },
      );
    })().catch(() => setState({ step: 'error', message: 'Could not check your second factor.' }));
  }, []);

  async function verify(code: string): Promise<string | null> {
    const outcome = await (await load()).secondFactorCall({ action: 'verify', code });
    if (!outcome.ok) return outcome.message;
    setState({ step: 'ready', status: outcome.data.status });
    return null;
  }

  if (state.step === 'loading')
    return (
      <p role="status" className="text-ink-muted">
        Checking your second factor…
      </p>
    );
  if (state.step === 'error')
    return (
      <p role="alert" className="font-semibold text-red-700">
        {state.message}
      </p>
    );
  if (state.status.sessionLive) return <>{children}</>;
  if (!state.status.enrolled)
    return (
      <div role="alert" className="space-y-3 rounded border border-line bg-white p-6">
        <h2 className="text-2xl font-bold">Set up two-step sign-in</h2>
        <p>
          Admin powers need a second factor: a code from an authenticator app after your password. Set it up
          on your account page, then come back.
        </p>
        <a className="btn btn-primary" href="/account#account-two-step-sign-in">
          Set up two-step sign-in
        </a>
      </div>
    );
  return (
    <div className="space-y-3 rounded border border-line bg-white p-6">
      <h2 className="text-2xl font-bold">Enter your authenticator code</h2>
      <p>Your admin powers need the code from your authenticator app for this sign-in.</p>
      <button type="button" className="btn btn-primary" onClick={() => setOpen(true)}>
        Enter your authenticator code
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Enter your authenticator code"
        description="The six-digit code your authenticator app shows for Shelfmark, or one of your recovery codes."
      >
        <SecondFactorCodeForm
          name="verify-second-factor"
          id="tf-verify"
          label="Authenticator or recovery code"
          submitLabel="Continue"
          onCode={verify}
        />
      </Dialog>
    </div>
  );
}
