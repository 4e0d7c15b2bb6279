import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, setDoc, Timestamp, where, type DocumentData, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
  itDeniesWrites,
  nonAdmins,
  saveRuleCoverage,
  seed,
  setupRulesEnv,
  uids,
  type Actor,
} from './helpers';

let env: RulesTestEnvironment;

function profile(uid: string, overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uid,
    display_name: 'Alice Author',
    page_slug: 'alice-author',
    page_title: "Alice Author's Books",
    role: 'Book Author',
    category: 'Book Author',
    about_me: 'I write quiet novels about the sea.',
    profile_image: 'https://example.com/profile-images/alice.jpg',
    special_announcement: '',
    upcoming_events: '',
    social_links: { website: 'https://alice.example.com' },
    subscription_status: 'free',
    approval_status: 'approved',
    is_active: true,
    book_count: 2,
    created_at: Timestamp.fromDate(new Date('2025-01-05T10:00:00Z')),
    ...overrides,
  };
}

/** Whose profile each actor owns, and the state it is in. */
const profiles: Record<Exclude<Actor, 'anonymous'>, DocumentData> = {
  owner: profile(uids.owner),
  other: profile(uids.other, { display_name: 'Bob Reader', page_slug: 'bob-reader', role: 'Book Lover/Marketer', category: 'Book Lover/Marketer' }),
  pending: profile(uids.pending, { display_name: 'Penny Pending', page_slug: 'penny-pending', approval_status: 'pending', book_count: 0 }),
  denied: profile(uids.denied, { display_name: 'Dora Denied', page_slug: 'dora-denied', approval_status: 'denied', book_count: 0 }),
  inactive: profile(uids.inactive, { display_name: 'Ivan Inactive', page_slug: 'ivan-inactive', is_active: false }),
  admin: profile(uids.admin, { display_name: 'Shelfmark Admin', page_slug: 'shelfmark-admin', role: 'Admin', book_count: 0 }),
};

/** The profiles a visitor must never see. */
const hiddenStates = ['pending', 'denied', 'inactive'] as const;

beforeAll(async () => {
  env = await setupRulesEnv('profiles');
});

afterAll(async () => {
  await saveRuleCoverage(env);
  await env.cleanup();
});

beforeEach(async () => {
  await env.clearFirestore();
  await seed(env, Object.fromEntries(Object.values(profiles).map((data) => [`profiles/${data.user_id}`, data])));
});

const profilesOf = (actor: Actor) => collection(dbAs(env, actor), 'profiles');
const profileAs = (actor: Actor, uid: string) => doc(dbAs(env, actor), 'profiles', uid);
/** The directory query: the only list a non-admin may run. */
const directoryOf = (actor: Actor) =>
  query(profilesOf(actor), where('is_active', '==', true), where('approval_status', '==', 'approved'));

describe('profiles', () => {
  for (const actor of nonAdmins) {
    describe(actorLabel[actor], () => {
      describe('get', () => {
        it("reads another member's approved, active profile", async () => {
          const target = actor === 'owner' ? uids.other : uids.owner;
          await expectAllowed(getDoc(profileAs(actor, target)));
        });
        for (const state of hiddenStates.filter((s) => s !== actor)) {
          it(`cannot read a ${state} member's profile`, async () => {
            await expectDenied(getDoc(profileAs(actor, uids[state])));
          });
        }
        if (actor !== 'anonymous') {
          it('reads their own profile whatever its state', async () => {
            const snapshot = await expectAllowed(getDoc(profileAs(actor, uids[actor])));
            expect(snapshot.get('approval_status')).toBe(profiles[actor].approval_status);
          });
        }
      });
      describe('list', () => {
        it('lists the directory: active and approved profiles', async () => {
          const snapshot = await expectAllowed(getDocs(directoryOf(actor)));
          expect(snapshot.docs.map((d) => d.id).sort()).toEqual([uids.admin, uids.owner, uids.other].sort());
        });
        it('cannot list profiles without filters', async () => {
          await expectDenied(getDocs(profilesOf(actor)));
        });
        it('cannot list active profiles without the approval filter (pending ones would leak)', async () => {
          await expectDenied(getDocs(query(profilesOf(actor), where('is_active', '==', true))));
        });
        it('cannot list approved profiles without the is_active filter (inactive ones would leak)', async () => {
          await expectDenied(getDocs(query(profilesOf(actor), where('approval_status', '==', 'approved'))));
        });
        if (actor !== 'anonymous') {
          // The approval guard reads profiles/{uid} with a get; a query by
          // user_id cannot prove it only matches the caller's own document.
          it('cannot find their own profile with a query by user_id', async () => {
            await expectDenied(getDocs(query(profilesOf(actor), where('user_id', '==', uids[actor]))));
          });
        }
      });
      describe('create, update, delete', () => {
        const existingPath = actor === 'anonymous' ? `profiles/${uids.owner}` : `profiles/${uids[actor]}`;
        itDeniesWrites(() => dbAs(env, actor), { newPath: 'profiles/newcomer-uid', existingPath }, profile('newcomer-uid'));
      });
    });
  }

  describe('newly signed-up member with no profile yet', () => {
    // Sign-up creates the profile once the accounts issue lands; until then it is closed.
    it('cannot create their own profile', async () => {
      const db = env.authenticatedContext('newcomer-uid').firestore() as unknown as Firestore;
      await expectDenied(setDoc(doc(db, 'profiles', 'newcomer-uid'), profile('newcomer-uid', { approval_status: 'pending' })));
    });
  });

  describe('member whose admin claim is not exactly true', () => {
    it('cannot read a pending profile', async () => {
      const db = env.authenticatedContext('mallory-uid', { admin: 'true' }).firestore() as unknown as Firestore;
      await expectDenied(getDoc(doc(db, 'profiles', uids.pending)));
    });
  });

  describe(actorLabel.admin, () => {
    describe('get', () => {
      for (const state of hiddenStates) {
        it(`reads a ${state} member's profile`, async () => {
          await expectAllowed(getDoc(profileAs('admin', uids[state])));
        });
      }
    });
    describe('list', () => {
      it('lists every profile without filters', async () => {
        const snapshot = await expectAllowed(getDocs(profilesOf('admin')));
        expect(snapshot.size).toBe(Object.keys(profiles).length);
      });
    });
    describe('create, update, delete', () => {
      // Approving and editing members arrive with the admin issue.
      itDeniesWrites(() => dbAs(env, 'admin'), { newPath: 'profiles/newcomer-uid', existingPath: `profiles/${uids.pending}` }, profile('newcomer-uid'));
    });
  });
});
