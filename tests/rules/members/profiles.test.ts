import {
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type DocumentData,
} from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  dbWithClaims,
  describeEachActor,
  expectAllowed,
  expectDenied,
  listAll,
  listWhere,
  nonAdmins,
  patchDoc,
  readDoc,
  seed,
  uids,
  writeDoc,
  type Actor,
} from '../helpers/rules-env';
import { useSeededRulesEnv } from '../helpers/seeded-env';
import { SOCIAL_NETWORKS } from '../../../src/domain/accounts/profile.ts';

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
  other: profile(uids.other, {
    display_name: 'Bob Reader',
    page_slug: 'bob-reader',
    role: 'Book Lover/Marketer',
    category: 'Book Lover/Marketer',
  }),
  pending: profile(uids.pending, {
    display_name: 'Penny Pending',
    page_slug: 'penny-pending',
    approval_status: 'pending',
    book_count: 0,
  }),
  denied: profile(uids.denied, {
    display_name: 'Dora Denied',
    page_slug: 'dora-denied',
    approval_status: 'denied',
    book_count: 0,
  }),
  inactive: profile(uids.inactive, {
    display_name: 'Ivan Inactive',
    page_slug: 'ivan-inactive',
    is_active: false,
  }),
  admin: profile(uids.admin, {
    display_name: 'Shelfmark Admin',
    page_slug: 'shelfmark-admin',
    role: 'Admin',
    book_count: 0,
  }),
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
  'a page title that is not text': { page_title: 42 },
};

/** A URL one character over TEXT_LIMITS.url (2048). */
const tooLongUrl = `https://example.com/${'p'.repeat(2029)}`;

/** social_links values the profile schema refuses: only known networks, each empty or an http(s) URL. */
const refusedSocialLinks: Record<string, unknown> = {
  'social links that are not a map': 'https://alice.example.com',
  'a link to a network the site does not know': { myspace: 'https://myspace.com/alice' },
  'an unknown network among known ones': {
    website: 'https://alice.example.com',
    website2: 'https://alice2.example.com',
  },
  'a javascript: link': { website: 'javascript:alert(document.cookie)' },
  'a data: link': { instagram: 'data:text/html,<script>alert(1)</script>' },
  'a link without a scheme': { twitter: 'twitter.com/alice' },
  'a link with spaces': { website: 'https://alice.example.com/my page' },
  'a link with a leading space': { website: ' https://alice.example.com' },
  'a link over 2048 characters': { website: tooLongUrl },
  'a 900 KB link': { pinterest: `https://example.com/${'a'.repeat(900 * 1024)}` },
  'a link that is a number': { github: 42 },
  'a link that is a list': { github: ['https://github.com/alice'] },
  'a link that is a map': { medium: { url: 'https://medium.com/@alice' } },
};

/** profile_image values the profile schema refuses: only a /media/ path or an https URL. */
const refusedProfileImages: Record<string, unknown> = {
  'an arbitrary string': 'a picture of me',
  'a javascript: URL': 'javascript:alert(1)',
  'a data: URL': 'data:image/png;base64,iVBORw0KGgo=',
  'an http (not https) URL': 'http://example.com/alice.jpg',
  'a path outside /media/': '/admin/users.png',
  'a relative path': 'media/profile-images/alice.webp',
  'a /media/ path climbing out with ..': '/media/../secrets.webp',
  'a protocol-relative URL': '//evil.example/alice.jpg',
  'an https URL over 2048 characters': tooLongUrl,
  'a number': 42,
};

/** updated_at values other than the time of the write. */
const refusedUpdatedAt: Record<string, unknown> = {
  'an updated_at that is not a time': 'yesterday',
  'an updated_at in the past': Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')),
  'an updated_at in the future': Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')),
  'a cleared updated_at': null,
};

/** What an admin may do: [test name, whose profile, change]. */
const adminEdits: [string, Exclude<Actor, 'anonymous'>, DocumentData][] = [
  ['approves a pending member', 'pending', { approval_status: 'approved' }],
  ['denies a pending member', 'pending', { approval_status: 'denied' }],
  ['changes category', 'other', { category: 'Publisher' }],
  [
    "edits a member's name and about text",
    'owner',
    { display_name: 'Alice A. Author', about_me: 'Edited by an admin.' },
  ],
];

/** What not even an admin may do to a profile. */
const forbiddenAdminEdits: Record<string, DocumentData> = {
  'change user_id': { user_id: uids.other },
  'change created_at': { created_at: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) },
  'change book_count (a trigger keeps it)': { book_count: 7 },
  'change page_slug (uniqueness is claimed server-side)': { page_slug: 'someone-else' },
  'add an email': { email: 'penny@example.com' },
  // Demotion and deactivation must end the member's sessions: only the admin functions do them.
  'deactivate a member directly': { is_active: false },
  'promote a member directly': { role: 'Admin' },
  'demote an admin directly': { role: 'User' },
  'write the session stamp': { tokens_valid_after: Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')) },
  'set an unknown approval status': { approval_status: 'maybe' },
  'set an unknown plan': { subscription_status: 'gold' },
  // The plan is written only by the billing webhook and the grant/revoke action (functions).
  'upgrade a member to premium directly': { subscription_status: 'premium' },
  'set is_active to something other than a boolean': { is_active: 'yes' },
  'set an unknown role': { role: 'Superuser' },
  'set an unknown category': { category: 'Wizard' },
  'remove the approval status': { approval_status: deleteField() },
};

/** The profiles a visitor must never see. */
const hiddenStates = ['pending', 'denied', 'inactive'] as const;

const env = useSeededRulesEnv('profiles', () =>
  Object.fromEntries(Object.values(profiles).map((data) => [`profiles/${data.user_id}`, data])),
);

const profileAs = (actor: Actor, uid: string) => doc(dbAs(env(), actor), 'profiles', uid);
/** The directory query's filters: the only list a non-admin may run. */
const directory = { is_active: true, approval_status: 'approved' };

describe('profiles', () => {
  describeEachActor(nonAdmins, '%s', (actor) => {
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
        const snapshot = await expectAllowed(listWhere(dbAs(env(), actor), 'profiles', directory));
        expect(snapshot.docs.map((d) => d.id).sort()).toEqual([uids.admin, uids.owner, uids.other].sort());
      });
      it('cannot list profiles without filters', async () => {
        await expectDenied(listAll(dbAs(env(), actor), 'profiles'));
      });
      it('cannot list active profiles without the approval filter (pending ones would leak)', async () => {
        await expectDenied(listWhere(dbAs(env(), actor), 'profiles', { is_active: true }));
      });
      it('cannot list approved profiles without the is_active filter (inactive ones would leak)', async () => {
        await expectDenied(listWhere(dbAs(env(), actor), 'profiles', { approval_status: 'approved' }));
      });
      if (actor !== 'anonymous') {
        // The approval guard reads profiles/{uid} with a get; a query by
        // user_id cannot prove it only matches the caller's own document.
        it('cannot find their own profile with a query by user_id', async () => {
          await expectDenied(listWhere(dbAs(env(), actor), 'profiles', { user_id: uids[actor] }));
        });
      }
    });
    describe('create', () => {
      it('cannot create a profile', async () => {
        await expectDenied(setDoc(profileAs(actor, 'newcomer-uid'), profile('newcomer-uid')));
      });
    });
    describe('update', () => {
      if (actor === 'owner' || actor === 'other') {
        it('edits the profile-editor fields of their own profile', async () => {
          await expectAllowed(updateDoc(profileAs(actor, uids[actor]), memberEdit));
        });
      }
      if (actor === 'pending' || actor === 'denied' || actor === 'inactive') {
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
      it(
        actor === 'anonymous' ? "cannot delete a member's profile" : 'cannot delete their own profile',
        async () => {
          await expectDenied(deleteDoc(profileAs(actor, actor === 'anonymous' ? uids.owner : uids[actor])));
        },
      );
    });
  });

  describe('attacks by members on their own profile', () => {
    describeEachActor(['pending', 'owner'] as const, '%s', (actor) => {
      // An approved owner's approval_status is already 'approved', so writing it is no change; self-approval is the pending member's attack.
      const attacks = Object.entries(forbiddenSelfEdits).filter(
        ([, change]) => actor === 'pending' || !('approval_status' in change),
      );
      for (const [attack, change] of attacks) {
        it(`cannot ${attack}`, async () => {
          await expectDenied(updateDoc(profileAs(actor, uids[actor]), change));
        });
      }
      it('cannot slip a forbidden field in with allowed ones', async () => {
        await expectDenied(
          updateDoc(profileAs(actor, uids[actor]), { ...memberEdit, subscription_status: 'premium' }),
        );
      });
    });
    it('an inactive member cannot reactivate themself', async () => {
      await expectDenied(updateDoc(profileAs('inactive', uids.inactive), { is_active: true }));
    });
    it('a denied member cannot put themself back to pending', async () => {
      await expectDenied(updateDoc(profileAs('denied', uids.denied), { approval_status: 'pending' }));
    });
  });

  describe('who may write: a verified, approved, active member', () => {
    const ownProfile = (token: Record<string, unknown>) =>
      doc(dbWithClaims(env(), uids.owner, token), 'profiles', uids.owner);
    it('a verified, approved, active member edits their profile', async () => {
      await expectAllowed(updateDoc(ownProfile({ email_verified: true }), memberEdit));
    });
    it('an approved, active member who has not verified their email cannot', async () => {
      await expectDenied(updateDoc(ownProfile({ email_verified: false }), memberEdit));
    });
    it('an approved, active member whose token says nothing about verification cannot', async () => {
      await expectDenied(updateDoc(ownProfile({}), memberEdit));
    });
    it('a pending member, even with a verified email, cannot prepare their profile', async () => {
      await expectDenied(updateDoc(profileAs('pending', uids.pending), memberEdit));
    });
    it('an admin writes by the admin claim alone, verified or not', async () => {
      const db = dbWithClaims(env(), uids.admin, { admin: true, email_verified: false });
      await expectAllowed(patchDoc(db, `profiles/${uids.pending}`, { approval_status: 'approved' }));
    });
  });

  describe('values a member may store in the fields they edit', () => {
    const edit = (change: DocumentData) => updateDoc(profileAs('owner', uids.owner), change);
    it('accepts values at the limits: every known network with a 2048-character link', async () => {
      const longUrl = (network: string) => {
        const start = `https://${network}.example.com/`;
        return start + 'p'.repeat(2048 - start.length);
      };
      await expectAllowed(
        edit({
          display_name: 'n'.repeat(80),
          page_title: 't'.repeat(200),
          about_me: 'a'.repeat(5000),
          special_announcement: 'a'.repeat(5000),
          upcoming_events: 'a'.repeat(5000),
          profile_image: `https://example.com/${'p'.repeat(2028)}`,
          social_links: Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, longUrl(network)])),
          updated_at: serverTimestamp(),
        }),
      );
    });
    it('accepts cleared fields: empty and null links, no image, no texts', async () => {
      await expectAllowed(
        edit({
          page_title: null,
          special_announcement: null,
          upcoming_events: '',
          profile_image: null,
          social_links: { website: '', linkedin: null },
        }),
      );
      await expectAllowed(edit({ profile_image: '', social_links: {} }));
    });
    it('accepts http and https links with a query and a fragment', async () => {
      await expectAllowed(
        edit({
          social_links: {
            website: 'http://alice.example.com',
            goodreads: 'https://www.goodreads.com/author/show/1?tab=books#top',
          },
        }),
      );
    });
    it('accepts their own upload as profile image, from either media store', async () => {
      await expectAllowed(
        edit({ profile_image: `/media/${uids.owner}/profile-images/0a1b2c3d4e/w640.webp` }),
      );
      await expectAllowed(
        edit({
          profile_image: `https://storage.googleapis.com/shelfmark-media/${uids.owner}/profile-images/0a1b2c3d4e/w320.webp`,
        }),
      );
    });
    it('accepts a profile image at an https URL outside the media store', async () => {
      await expectAllowed(edit({ profile_image: 'https://images.example.com/profiles/alice.webp' }));
    });
    it('accepts an edit that leaves updated_at alone', async () => {
      await expectAllowed(edit({ about_me: 'No timestamp this time.' }));
    });
    for (const [problem, change] of Object.entries(outOfBoundsEdits)) {
      it(`refuses ${problem}`, async () => {
        await expectDenied(edit(change));
      });
    }
    for (const [problem, links] of Object.entries(refusedSocialLinks)) {
      it(`refuses ${problem} in social_links`, async () => {
        await expectDenied(edit({ social_links: links }));
      });
    }
    for (const [problem, image] of Object.entries(refusedProfileImages)) {
      it(`refuses ${problem} as profile_image`, async () => {
        await expectDenied(edit({ profile_image: image }));
      });
    }
    for (const [problem, updatedAt] of Object.entries(refusedUpdatedAt)) {
      it(`refuses ${problem}`, async () => {
        await expectDenied(edit({ about_me: 'Backdated.', updated_at: updatedAt }));
      });
    }
  });

  describe('newly signed-up member with no profile yet', () => {
    // The signUp function creates the profile; not even the exact starting values are accepted from a client.
    it('cannot create their own profile, even with the starting values', async () => {
      const db = dbWithClaims(env(), 'newcomer-uid');
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
      await expectDenied(writeDoc(db, 'profiles/newcomer-uid', starting));
    });
  });

  describe('member whose admin claim is not exactly true', () => {
    const db = () => dbWithClaims(env(), 'mallory-uid', { admin: 'true' });
    it('cannot read a pending profile', async () => {
      await expectDenied(readDoc(db(), `profiles/${uids.pending}`));
    });
    it('cannot approve a pending member', async () => {
      await expectDenied(patchDoc(db(), `profiles/${uids.pending}`, { approval_status: 'approved' }));
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
        const snapshot = await expectAllowed(listAll(dbAs(env(), 'admin'), 'profiles'));
        expect(snapshot.size).toBe(Object.keys(profiles).length);
      });
    });
    describe('create', () => {
      it('cannot create a profile (the signUp function does)', async () => {
        await expectDenied(
          setDoc(profileAs('admin', 'newcomer-uid'), profile('newcomer-uid', { approval_status: 'pending' })),
        );
      });
    });
    describe('update', () => {
      for (const [action, target, change] of adminEdits) {
        it(action, async () => {
          await expectAllowed(updateDoc(profileAs('admin', uids[target]), change));
        });
      }
      it('stamps updated_at with the time of the write', async () => {
        await expectAllowed(
          updateDoc(profileAs('admin', uids.owner), {
            about_me: 'Edited by an admin.',
            updated_at: serverTimestamp(),
          }),
        );
      });
      for (const [attack, change] of Object.entries(forbiddenAdminEdits)) {
        it(`cannot ${attack}`, async () => {
          await expectDenied(updateDoc(profileAs('admin', uids.pending), change));
        });
      }
      it('cannot reactivate a member directly (the admin functions do, with the Auth account)', async () => {
        await expectDenied(updateDoc(profileAs('admin', uids.inactive), { is_active: true }));
      });
      // The value checks are the same for an admin: a stolen admin session must not plant links either.
      it('cannot store a javascript: link or an unknown network', async () => {
        await expectDenied(
          updateDoc(profileAs('admin', uids.owner), { social_links: { website: 'javascript:alert(1)' } }),
        );
        await expectDenied(
          updateDoc(profileAs('admin', uids.owner), {
            social_links: { myspace: 'https://myspace.com/alice' },
          }),
        );
      });
      it('cannot store a profile image outside the media store or https', async () => {
        await expectDenied(
          updateDoc(profileAs('admin', uids.owner), { profile_image: 'http://example.com/alice.jpg' }),
        );
      });
      it('cannot backdate updated_at', async () => {
        await expectDenied(
          updateDoc(profileAs('admin', uids.owner), {
            updated_at: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')),
          }),
        );
      });
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
    await seed(env(), {
      'page_slugs/alice-author': { uid: uids.owner },
      [`profiles/${uids.owner}/private/notifications`]: { approval_status_notified: 'approved' },
    });
  });

  // Slug claims and notification records are written by functions with the Admin SDK only.
  describeEachActor(['anonymous', 'owner', 'admin'] as const, '%s', (actor) => {
    it('cannot read or claim a page slug', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(readDoc(db, 'page_slugs/alice-author'));
      await expectDenied(
        writeDoc(db, 'page_slugs/bob-reader', { uid: uids[actor === 'anonymous' ? 'owner' : actor] }),
      );
    });
    it("cannot read or change a member's notification record", async () => {
      const db = dbAs(env(), actor);
      const record = `profiles/${uids.owner}/private/notifications`;
      await expectDenied(readDoc(db, record));
      await expectDenied(writeDoc(db, record, { approval_status_notified: 'denied' }));
    });
  });
});
