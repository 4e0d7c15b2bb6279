import { useEffect, useState } from 'react';
import { checkoutRefusalAction, type CheckoutRefusalAction } from '../../domain/billing/billing.ts';

/** Why the checkout did not open, and what the member can do about it. */
interface Refusal {
  message: string;
  action: CheckoutRefusalAction;
  trial: boolean;
}

type State = { step: 'starting' } | ({ step: 'refused' } & Refusal);

/** True when the page was opened as /billing/upgrade?trial=1 (the membership page's 'Start Free Trial'). */
const asksForTrial = () => new URLSearchParams(location.search).get('trial') === '1';

/**
 * Sends a visitor to /register and a member to the Checkout page the server
 * opened; resolves to the refusal when there is one (null while leaving).
 */
async function openCheckout(trial: boolean): Promise<Refusal | null> {
  try {
    const { currentAccount } = await import('../../data/client/shared/auth.ts');
    if (!(await currentAccount())) {
      location.replace('/register');
      return null;
    }
    const { startCheckout } = await import('../../data/client/billing/billing.ts');
    const outcome = await startCheckout(trial);
    if (outcome.ok) {
      // Replaced, not pushed: Back from Checkout returns to the page before, not to a new checkout.
      location.replace(outcome.data.url);
      return null;
    }
    return { message: outcome.message, action: checkoutRefusalAction(outcome), trial };
  } catch {
    return {
      message: 'Could not reach the server. Check your connection and try again.',
      action: 'retry',
      trial,
    };
  }
}

/**
 * /billing/upgrade: sends a visitor to /register and a signed-in member to
 * Stripe Checkout (with the free trial when asked). While the checkout opens
 * it says so; a refusal is shown with what the member can do next.
 */
export default function UpgradeCheckout() {
  const [state, setState] = useState<State>({ step: 'starting' });

  const showRefusal = (refusal: Refusal | null) => {
    if (refusal) setState({ step: 'refused', ...refusal });
  };

  useEffect(() => {
    void openCheckout(asksForTrial()).then(showRefusal);
  }, []);

  function start(trial: boolean) {
    setState({ step: 'starting' });
    void openCheckout(trial).then(showRefusal);
  }

  if (state.step === 'starting') {
    return (
      <p role="status" className="text-lg">
        Taking you to secure checkout…
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <p role="alert" className="font-semibold text-red-700">
        {state.message}
      </p>
      {state.action === 'account' ? (
        <a href="/account" className="btn btn-primary">
          Go to your account
        </a>
      ) : null}
      {state.action === 'without-trial' ? (
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            history.replaceState(null, '', '/billing/upgrade');
            start(false);
          }}
        >
          Upgrade without a trial
        </button>
      ) : null}
      {state.action === 'retry' ? (
        <button type="button" className="btn btn-primary" onClick={() => start(state.trial)}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
