/** Expectations about account deletion shared by the unit and functions tests. */

/** The order src/domain/accounts/account-deletion.ts must run its steps in, written out so the tests pin it. */
export const EXPECTED_DELETION_ORDER = [
  'auth',
  'billing',
  'profile',
  'page_slugs',
  'reviews',
  'books',
  'products_services',
  'classified_ads',
  'media',
  'featured',
  'follows',
  'member_records',
] as const;

/** The steps before `step`, in order: what a deletion that stopped at `step` has done. */
export function stepsBefore(step: (typeof EXPECTED_DELETION_ORDER)[number]): string[] {
  return EXPECTED_DELETION_ORDER.slice(0, EXPECTED_DELETION_ORDER.indexOf(step));
}
