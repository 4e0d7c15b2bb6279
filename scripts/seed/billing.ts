// Billing records (profiles/{uid}/private/billing) for the seeded Premium members, so
// every seeded plan has the source src/domain/billing/billing.ts decides it from. Every one was
// granted Premium by the site owner: a paid plan needs a customer and subscription the
// Stripe stand-in knows, which only a real checkout makes (a seeded one would leave the
// member a 'Manage subscription' that cannot open). Buying in the demo shows a paid plan.
import { BILLING_DOC, type BillingRecord } from '../../src/domain/billing/billing.ts';
import type { Member } from './members.ts';

/** The member's billing record, or null on the free plan (no record, like a member never billed). */
export function seedBillingRecord(member: Member, admin: Member): BillingRecord | null {
  if (member.plan !== 'premium') return null;
  return {
    customer_id: null,
    subscription: null,
    trial_used: false,
    grant: { by: admin.uid, at: member.createdAt.getTime() },
    checkout: null,
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
