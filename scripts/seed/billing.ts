// Billing records (profiles/{uid}/private/billing) for the seeded Premium members, so
// every seeded plan has the source src/domain/billing.ts decides it from: the demo
// author pays (a paid-looking Stripe customer and active subscription; the local
// Stripe stand-in does not know them, so their portal cannot open), and every other
// Premium member was granted Premium by the site owner.
import { BILLING_DOC, type BillingRecord } from '../../src/domain/billing.ts';
import { REFERENCE_DATE } from './context.ts';
import type { Member } from './members.ts';

/** The member whose Premium is paid. */
export const PAYING_MEMBER = 'demo-author';

const DAY_MS = 86_400_000;

/** The member's billing record, or null on the free plan (no record, like a member never billed). */
export function seedBillingRecord(member: Member, admin: Member): BillingRecord | null {
  if (member.plan !== 'premium') return null;
  if (member.uid === PAYING_MEMBER) {
    return {
      customer_id: `cus_seed_${member.uid.replace(/\W/g, '')}`,
      subscription: {
        id: `sub_seed_${member.uid.replace(/\W/g, '')}`,
        status: 'active',
        current_period_end: REFERENCE_DATE.getTime() + 30 * DAY_MS,
        cancel_at_period_end: false,
        trial_end: null,
      },
      trial_used: false,
      grant: null,
    };
  }
  return {
    customer_id: null,
    subscription: null,
    trial_used: false,
    grant: { by: admin.uid, at: member.createdAt.getTime() },
  };
}

/** The private documents of a member's profile: the billing record when there is one. */
export function profilePrivateDocs(
  member: Member,
  admin: Member,
): Record<string, Record<string, unknown>> | undefined {
  const record = seedBillingRecord(member, admin);
  return record ? { [BILLING_DOC]: record } : undefined;
}
