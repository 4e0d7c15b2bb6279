/** Expectations about billing shared by the unit and functions tests. */

/** The plan a member on the free plan is shown: no source and no dates. */
export const FREE_ACCOUNT_PLAN = {
  status: 'free',
  source: null,
  renews_at: null,
  ends_at: null,
  trial_ends_at: null,
  past_due_until: null,
} as const;
