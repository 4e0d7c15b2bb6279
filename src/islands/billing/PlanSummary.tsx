import { useState } from 'react';
import { PAST_DUE_MESSAGES, type AccountPlan } from '../../domain/billing/billing.ts';

const DAY = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: 'UTC' });
const dayOf = (iso: string) => DAY.format(new Date(iso));

/** 'Free', 'Premium (paid)' or 'Premium (granted)', as the admin's user dialog says it. */
function planName(plan: AccountPlan): string {
  if (plan.status !== 'premium') return 'Free';
  return plan.source === 'granted' ? 'Premium (granted)' : 'Premium (paid)';
}

/**
 * /account's Plan section: the member's plan and, for a paid one, when its
 * trial ends and when it renews or ends. The member's own account offers
 * 'Upgrade to Premium' on the free plan and 'Manage subscription' (Stripe's
 * customer portal) on a paid one; an admin viewing another member sees the plan only.
 * After a failed payment it says until when Premium lasts (or when it ended) and
 * offers 'Manage subscription' to update the card, not 'Upgrade'.
 */
export default function PlanSummary({ plan, own }: { plan: AccountPlan; own: boolean }) {
  const [opening, setOpening] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function manage() {
    setOpening(true);
    setProblem(null);
    try {
      const { openBillingPortal } = await import('../../data/client/billing/billing.ts');
      const outcome = await openBillingPortal();
      if (outcome.ok) {
        location.assign(outcome.data.url);
        return;
      }
      setProblem(outcome.message);
    } catch {
      setProblem('Could not reach the server. Check your connection and try again.');
    }
    setOpening(false);
  }

  const pastDue = plan.past_due_until;
  return (
    <div className="space-y-4">
      {pastDue ? (
        <p role="status" className="font-semibold text-amber-800">
          {plan.status === 'premium'
            ? PAST_DUE_MESSAGES.during(dayOf(pastDue))
            : PAST_DUE_MESSAGES.ended(dayOf(pastDue))}
        </p>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">Current plan</dt>
        <dd data-testid="account-plan-name">{planName(plan)}</dd>
        {plan.trial_ends_at ? (
          <>
            <dt className="font-semibold">Free trial</dt>
            <dd>Until {dayOf(plan.trial_ends_at)}</dd>
          </>
        ) : null}
        {plan.renews_at ? (
          <>
            <dt className="font-semibold">Renews</dt>
            <dd>On {dayOf(plan.renews_at)}</dd>
          </>
        ) : null}
        {plan.ends_at ? (
          <>
            <dt className="font-semibold">Ends</dt>
            <dd>On {dayOf(plan.ends_at)} (it will not renew)</dd>
          </>
        ) : null}
      </dl>
      {own && plan.status === 'free' && !pastDue ? (
        <a href="/billing/upgrade" className="btn btn-primary">
          Upgrade to Premium
        </a>
      ) : null}
      {own && (plan.source === 'paid' || pastDue) ? (
        <button type="button" className="btn btn-primary" disabled={opening} onClick={() => void manage()}>
          Manage subscription
        </button>
      ) : null}
      {problem ? (
        <p role="alert" className="font-semibold text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
