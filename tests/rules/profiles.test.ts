import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type DocumentData,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
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

/** A change a member may make to their own profile (the profile editor's fields). */
const memberEdit: DocumentData = {
  about_me: 'Now writing about lighthouses.',
  page_title: 'Books by the sea',
  social_links: { website: 'https://alice.example.com', instagram: 'https://instagram.com/alice' },
  updated_at: serverTimestamp(),
};

/** Self-edits the accounts issue names as attacks, and the other fields only admins or functions set. */
const forbiddenSelfEdits: Record<string, DocumentData> = {
  'approve themself': { approval_status: 'approved' },
  'promote themself to Admin': { role: 'Admin' },
  'upgrade themself to premium': { subscription_status: 'premium' },
  'deactivate themself (is_active is admin-controlled)': { is_active: false },
  'change their membership category': { category: 'Publisher' },
  'change their user_id': { user_id: uids.other },
  'change their created_at': { created_at: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) },
  'change their book_count': { book_count: 99 },
  "take another member's page slug": { page_slug: 'bob-reader' },
  'change their page slug at all (uniqueness is claimed server-side)': { page_slug: 'alice-new' },
  'add an email to their public profile': { email: 'alice@example.com' },
};

/** Member edits outside the bounds of the domain schema. */
const outOfBoundsEdits: Record<string, DocumentData> = {
  'an empty display name': { display_name: '' },
  'a blank display name': { display_name: '   ' },
  'a display name over 80 characters': { display_name: 'n'.repeat(81) },
  'a page title over 200 characters': { page_title: 't'.repeat(201) },
  'an about_me over 5000 characters': { about_me: 'a'.repeat(5001) },
  'an announcement over 5000 characters': { special_announcement: 'a'.repeat(5001) },
  'events over 5000 characters': { upcoming_events: 'a'.repeat(5001) },
  'a profile image URL over 2048 characters': { profile_image: `https://example.com/${'p'.repeat(2030)}` },
  'a page title that is not text': { page_title: 42 },
  'social links that are not a map': { social_links: 'https://alice.example.com' },
  'more than 12 social links': { social_links: Object.fromEntries(Array.from({ length: 13 }, (_, i) => [`network${i}`, 'https://example.com'])) },
  'an updated_at that is not a time': { updated_at: 'yesterday' },
};

/** What an admin may do: [test name, whose profile, change]. */
const adminEdits: [string, Exclude<Actor, 'anonymous'>, DocumentData][] = [
  ['approves a pending member', 'pending', { approval_status: 'approved' }],
  ['denies a pending member', 'pending', { approval_status: 'denied' }],
  ['deactivates a member', 'owner', { is_active: false }],
  ['reactivates a member', 'inactive', { is_active: true }],
  ['upgrades a member to premium', 'owner', { subscription_status: 'premium' }],
  ['mirrors the admin claim in role, and changes category', 'other', { role: 'Admin', category: 'Publisher' }],
  ["edits a member's name and about text", 'owner', { display_name: 'Alice A. Author', about_me: 'Edited by an admin.' }],
];

/** What not even an admin may do to a profile. */
const forbiddenAdminEdits: Record<string, DocumentData> = {
  'change user_id': { user_id: uids.other },
  'change created_at': { created_at: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) },
  'change book_count (a trigger keeps it)': { book_count: 7 },
  'change page_slug (uniqueness is claimed server-side)': { page_slug: 'someone-else' },
  'add an email': { email: 'penny@example.com' },
  'set an unknown approval status': { approval_status: 'maybe' },
  'set an unknown plan': { subscription_status: 'gold' },
  'set is_active to something other than a boolean': { is_active: 'yes' },
  'set an unknown role': { role: 'Superuser' },
  'set an unknown category': { category: 'Wizard' },
  'remove the approval status': { approval_status: deleteField() },
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
      describe('create', () => {
        it('cannot create a profile', async () => {
          await expectDenied(setDoc(profileAs(actor, 'newcomer-uid'), profile('newcomer-uid')));
        });
      });
      describe('update', () => {
        if (actor === 'pending' || actor === 'owner' || actor === 'other') {
          it('edits the profile-editor fields of their own profile', async () => {
            await expectAllowed(updateDoc(profileAs(actor, uids[actor]), memberEdit));
          });
        }
        if (actor === 'denied' || actor === 'inactive') {
          it('cannot edit even the profile-editor fields of their own profile', async () => {
            await expectDenied(updateDoc(profileAs(actor, uids[actor]), memberEdit));
          });
        }
        it("cannot edit another member's profile", async () => {
          const target = actor === 'owner' ? uids.other : uids.owner;
          await expectDenied(updateDoc(profileAs(actor, target), memberEdit));
        });
      });
      describe('delete', () => {
        it(actor === 'anonymous' ? "cannot delete a member's profile" : 'cannot delete their own profile', async () => {
          await expectDenied(deleteDoc(profileAs(actor, actor === 'anonymous' ? uids.owner : uids[actor])));
        });
      });
    });
  }

  describe('attacks by members on their own profile', () => {
    for (const actor of ['pending', 'owner'] as const) {
      describe(actorLabel[actor], () => {
        // An approved owner's approval_status is already 'approved', so writing it is no change; self-approval is the pending member's attack.
        const attacks = Object.entries(forbiddenSelfEdits).filter(([, change]) => actor === 'pending' || !('approval_status' in change));
        for (const [attack, change] of attacks) {
          it(`cannot ${attack}`, async () => {
            await expectDenied(updateDoc(profileAs(actor, uids[actor]), change));
          });
        }
        it('cannot slip a forbidden field in with allowed ones', async () => {
          await expectDenied(updateDoc(profileAs(actor, uids[actor]), { ...memberEdit, subscription_status: 'premium' }));
        });
      });
    }
    it('an inactive member cannot reactivate themself', async () => {
      await expectDenied(updateDoc(profileAs('inactive', uids.inactive), { is_active: true }));
    });
    it('a denied member cannot put themself back to pending', async () => {
      await expectDenied(updateDoc(profileAs('denied', uids.denied), { approval_status: 'pending' }));
    });
  });

  describe('bounds on the fields a member edits', () => {
    const edit = (change: DocumentData) => updateDoc(profileAs('owner', uids.owner), change);
    it('accepts values at the limits, and cleared fields', async () => {
      await expectAllowed(
        edit({
          display_name: 'n'.repeat(80),
          page_title: 't'.repeat(200),
          about_me: 'a'.repeat(5000),
          special_announcement: null,
          upcoming_events: '',
          profile_image: '/media/profile-images/alice.webp',
          social_links: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`network${i}`, 'https://example.com'])),
        }),
      );
    });
    for (const [problem, change] of Object.entries(outOfBoundsEdits)) {
      it(`refuses ${problem}`, async () => {
        await expectDenied(edit(change));
      });
    }
  });

  describe('newly signed-up member with no profile yet', () => {
    // The signUp function creates the profile; not even the exact starting values are accepted from a client.
    it('cannot create their own profile, even with the starting values', async () => {
      const db = env.authenticatedContext('newcomer-uid').firestore() as unknown as Firestore;
      const starting = {
        user_id: 'newcomer-uid',
        display_name: 'New Comer',
        role: 'User',
        category: 'Book Author',
        page_slug: 'new-comer',
        approval_status: 'pending',
        subscription_status: 'free',
        is_active: true,
        book_count: 0,
        created_at: serverTimestamp(),
      };
      await expectDenied(setDoc(doc(db, 'profiles', 'newcomer-uid'), starting));
    });
  });

  describe('member whose admin claim is not exactly true', () => {
    const db = () => env.authenticatedContext('mallory-uid', { admin: 'true' }).firestore() as unknown as Firestore;
    it('cannot read a pending profile', async () => {
      await expectDenied(getDoc(doc(db(), 'profiles', uids.pending)));
    });
    it('cannot approve a pending member', async () => {
      await expectDenied(updateDoc(doc(db(), 'profiles', uids.pending), { approval_status: 'approved' }));
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
    describe('create', () => {
      it('cannot create a profile (the signUp function does)', async () => {
        await expectDenied(setDoc(profileAs('admin', 'newcomer-uid'), profile('newcomer-uid', { approval_status: 'pending' })));
      });
    });
    describe('update', () => {
      for (const [action, target, change] of adminEdits) {
        it(action, async () => {
          await expectAllowed(updateDoc(profileAs('admin', uids[target]), change));
        });
      }
      for (const [attack, change] of Object.entries(forbiddenAdminEdits)) {
        it(`cannot ${attack}`, async () => {
          await expectDenied(updateDoc(profileAs('admin', uids.pending), change));
        });
      }
    });
    describe('delete', () => {
      it("deletes a member's profile", async () => {
        await expectAllowed(deleteDoc(profileAs('admin', uids.denied)));
      });
    });
  });
});

describe('server-only records', () => {
  beforeEach(async () => {
    await seed(env, {
      'page_slugs/alice-author': { uid: uids.owner },
      [`profiles/${uids.owner}/private/notifications`]: { approval_status_notified: 'approved' },
    });
  });

  // Slug claims and notification records are written by functions with the Admin SDK only.
  for (const actor of ['anonymous', 'owner', 'admin'] as const) {
    describe(actorLabel[actor], () => {
      it('cannot read or claim a page slug', async () => {
        await expectDenied(getDoc(doc(dbAs(env, actor), 'page_slugs', 'alice-author')));
        await expectDenied(setDoc(doc(dbAs(env, actor), 'page_slugs', 'bob-reader'), { uid: uids[actor === 'anonymous' ? 'owner' : actor] }));
      });
      it("cannot read or change a member's notification record", async () => {
        const record = doc(dbAs(env, actor), 'profiles', uids.owner, 'private', 'notifications');
        await expectDenied(getDoc(record));
        await expectDenied(setDoc(record, { approval_status_notified: 'denied' }));
      });
    });
  }
});
