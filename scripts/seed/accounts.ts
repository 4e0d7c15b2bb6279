// The demo sign-ins the seed creates, so the README and the start script can
// print them. Every seeded account (demo and generated members) uses the same password.

/** Password of every seeded account (the Auth emulator only; never a real project). */
export const DEMO_PASSWORD = 'shelfmark-demo';

/** A demo account someone can sign in with to try a role. */
export interface DemoAccount {
  /** Fixed Auth uid, so profile URLs and ids stay the same across seeds. */
  uid: string;
  email: string;
  password: string;
  /** What signing in as this account shows. */
  description: string;
}

/** The five demo accounts, one per kind of visitor the spec describes. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    uid: 'demo-admin',
    email: 'admin@shelfmark.test',
    password: DEMO_PASSWORD,
    description: 'Admin (site owner, page /profile/shelfmark-team, admin dashboard)',
  },
  {
    uid: 'demo-author',
    email: 'author@shelfmark.test',
    password: DEMO_PASSWORD,
    description: 'Book Author, approved, premium (many books)',
  },
  {
    uid: 'demo-reader',
    email: 'reader@shelfmark.test',
    password: DEMO_PASSWORD,
    description: 'Book Lover/Marketer, approved, free plan, a librarian',
  },
  {
    uid: 'demo-publisher',
    email: 'publisher@shelfmark.test',
    password: DEMO_PASSWORD,
    description:
      'Publisher, approved, free plan (3 books, at the limit), mail stopped by a spam report (/account)',
  },
  {
    uid: 'demo-pending',
    email: 'pending@shelfmark.test',
    password: DEMO_PASSWORD,
    description: 'New member awaiting approval (sees /pending-approval)',
  },
];

/** The demo account with this uid (throws on a typo, so the generator cannot drift from this list). */
export function demoAccount(uid: string): DemoAccount {
  const account = DEMO_ACCOUNTS.find((a) => a.uid === uid);
  if (!account) throw new Error(`No demo account ${uid}`);
  return account;
}
