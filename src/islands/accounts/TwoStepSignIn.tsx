import { useEffect, useState } from 'react';
import type { SecondFactorStatus } from '../../domain/accounts/second-factor.ts';
import { showToast } from '../../lib/toast.ts';
import QrCode from './QrCode.tsx';
import SecondFactorCodeForm from './SecondFactorCodeForm.tsx';

type State =
  | { step: 'loading' }
  | { step: 'error'; message: string }
  | { step: 'off' }
  | { step: 'setting-up'; secret: string; uri: string }
  | { step: 'codes'; codes: string[]; status: SecondFactorStatus }
  | { step: 'on'; status: SecondFactorStatus };

const load = () => import('../../data/client/accounts/second-factor.ts');

/** The recovery codes, shown once, with how to keep them. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="space-y-3">
      <p className="font-semibold">
        Your recovery codes. Keep them somewhere safe: each one works once, instead of a code from your app,
        if you lose your phone. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={onDone}>
        I have saved my recovery codes
      </button>
    </div>
  );
}

/**
 * The account page's "Two-step sign-in" (admins): set up an authenticator app
 * from a QR code, confirm with its first code, see the recovery codes once, make
 * new ones, or turn it off with a code. Admin powers need it.
 */
export default function TwoStepSignIn() {
  const [state, setState] = useState<State>({ step: 'loading' });

  useEffect(() => {
    void (async () => {
      const outcome = await (await load()).secondFactorCall({ action: 'status' });
      if (!outcome.ok) setState({ step: 'error', message: outcome.message });
      else
        setState(
          outcome.data.status.enrolled ? { step: 'on', status: outcome.data.status } : { step: 'off' },
        );
    })().catch(() => setState({ step: 'error', message: 'Could not load your two-step sign-in.' }));
  }, []);

  async function start() {
    const outcome = await (await load()).secondFactorCall({ action: 'start' });
    if (!outcome.ok || !outcome.data.secret || !outcome.data.uri) {
      showToast({
        title: 'Error',
        description: outcome.ok ? 'Please try again.' : outcome.message,
        variant: 'destructive',
      });
      return;
    }
    setState({ step: 'setting-up', secret: outcome.data.secret, uri: outcome.data.uri });
  }

  /** Runs a code action; answers the refusal to show inline, or null after moving on. */
  async function withCode(
    action: 'confirm' | 'regenerate' | 'disable',
    code: string,
  ): Promise<string | null> {
    const outcome = await (await load()).secondFactorCall({ action, code });
    if (!outcome.ok) return outcome.message;
    const { status, recoveryCodes } = outcome.data;
    if (action === 'disable') {
      showToast({
        title: 'Two-step sign-in turned off',
        description: 'Admin powers need it: set it up again to use them.',
      });
      setState({ step: 'off' });
    } else if (recoveryCodes) {
      if (action === 'confirm')
        showToast({
          title: 'Two-step sign-in is on',
          description: 'Your admin powers are open for this sign-in.',
        });
      setState({ step: 'codes', codes: recoveryCodes, status });
    }
    return null;
  }

  if (state.step === 'loading') return <p role="status">Loading your two-step sign-in…</p>;
  if (state.step === 'error')
    return (
      <p role="alert" className="font-semibold text-red-700">
        {state.message}
      </p>
    );
  if (state.step === 'off')
    return (
      <div className="space-y-3">
        <p>
          Two-step sign-in is off. As an administrator you need it: after your password, a code from an
          authenticator app (Google Authenticator, 1Password, Aegis…) opens your admin powers.
        </p>
        <button type="button" className="btn btn-primary" onClick={() => void start()}>
          Set up two-step sign-in
        </button>
      </div>
    );
  if (state.step === 'setting-up')
    return (
      <div className="space-y-4">
        <p>Scan this QR code with your authenticator app, then enter the six-digit code it shows.</p>
        <QrCode value={state.uri} label="QR code for your authenticator app" />
        <p>
          Cannot scan? Enter this key in the app instead:{' '}
          <code data-testid="totp-secret" className="font-mono break-all">
            {state.secret}
          </code>
        </p>
        <SecondFactorCodeForm
          name="confirm-second-factor"
          id="tf-confirm"
          label="Code from your app"
          submitLabel="Turn on two-step sign-in"
          onCode={(code) => withCode('confirm', code)}
        />
      </div>
    );
  if (state.step === 'codes')
    return (
      <RecoveryCodes codes={state.codes} onDone={() => setState({ step: 'on', status: state.status })} />
    );
  return (
    <div className="space-y-6">
      <p>
        Two-step sign-in is on. {state.status.recoveryCodesLeft} recovery{' '}
        {state.status.recoveryCodesLeft === 1 ? 'code is' : 'codes are'} left.
      </p>
      <section className="space-y-2">
        <h3 className="font-semibold">New recovery codes</h3>
        <p>Your old recovery codes stop working.</p>
        <SecondFactorCodeForm
          name="regenerate-recovery-codes"
          id="tf-regenerate"
          submitLabel="Make new recovery codes"
          onCode={(code) => withCode('regenerate', code)}
        />
      </section>
      <section className="space-y-2">
        <h3 className="font-semibold">Turn off two-step sign-in</h3>
        <p>You need a code from your app or a recovery code. Without it you have no admin powers.</p>
        <SecondFactorCodeForm
          name="disable-second-factor"
          id="tf-disable"
          label="Authenticator or recovery code"
          submitLabel="Turn off"
          onCode={(code) => withCode('disable', code)}
        />
      </section>
    </div>
  );
}
