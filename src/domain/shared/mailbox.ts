// The one normal form of an address, shared by the per-address limits (accounts)
// and the keyed records that outlive an account (trial claims, the mail suppression list).

/**
 * The mailbox an address delivers to, as the per-address limits count it: a
 * plus-tag is dropped on every domain (`name+1@example.org` and
 * `name+2@example.org` are one mailbox, `name@example.org`), so tagging an
 * address does not buy a fresh allowance. The address itself is stored as given.
 */
export function mailboxKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  const plus = lower.indexOf('+');
  return plus > 0 && plus < at ? `${lower.slice(0, plus)}${lower.slice(at)}` : lower;
}
