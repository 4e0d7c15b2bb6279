import { Timestamp, type DocumentData } from 'firebase/firestore';
import { collection, doc, getDoc, getDocs, serverTimestamp, setDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { dbAs, everyone, expectAllowed, expectDenied, nonOwners, uids } from '../helpers/rules-env';
import { describeEditorialWrites } from '../helpers/editorial-writes';
import { describeGatedContent } from '../helpers/gated-content';
import { useSeededRulesEnv } from '../helpers/seeded-env';

function newsletter(overrides: DocumentData = {}): DocumentData {
  return {
    title: 'Shelfmark Monthly: March',
    subtitle: 'New members, new books and a cover-design workshop',
    content: 'Welcome to the March issue. This month forty new authors joined...',
    is_published: true,
    created_by: uids.admin,
    created_at: Timestamp.fromDate(new Date('2025-03-01T07:00:00Z')),
    updated_at: Timestamp.fromDate(new Date('2025-03-01T07:00:00Z')),
    sent_at: Timestamp.fromDate(new Date('2025-03-01T09:00:00Z')),
    recipient_count: 212,
    ...overrides,
  };
}

const env = useSeededRulesEnv('newsletters', () => ({
  'newsletters/published-newsletter': newsletter(),
  'newsletters/published-newsletter/deliveries/alice-uid': {
    sent_at: Timestamp.fromDate(new Date('2025-03-01T09:00:00Z')),
  },
  // The member states isActiveMember() reads.
  'profiles/alice-uid': { is_active: true, approval_status: 'approved' },
  'profiles/bob-uid': { is_active: true, approval_status: 'approved' },
  'profiles/penny-uid': { is_active: true, approval_status: 'pending' },
  'newsletter_preferences/alice-uid': {
    unsubscribed: true,
    updated_at: Timestamp.fromDate(new Date('2025-03-02T09:00:00Z')),
  },
  'newsletters/draft-newsletter': newsletter({
    title: 'Shelfmark Monthly: April',
    is_published: false,
    sent_at: null,
    recipient_count: 0,
  }),
}));

describeGatedContent({
  env,
  collection: 'newsletters',
  flag: 'is_published',
  noun: { one: 'newsletter', many: 'newsletters' },
  labels: { visible: 'a published newsletter', hidden: 'a draft', hiddenPlural: 'unpublished' },
  ids: { visible: 'published-newsletter', hidden: 'draft-newsletter', new: 'new-newsletter' },
  makeDoc: () => newsletter(),
  adminWrites: true,
});

describeEditorialWrites({
  env,
  collection: 'newsletters',
  existingId: 'published-newsletter',
  formFields: () => ({
    title: 'Shelfmark Monthly: May',
    subtitle: 'Spring news',
    content: '1. **Item:** text',
    is_published: true,
  }),
  functionOnly: {
    sent_at: Timestamp.fromDate(new Date('2025-05-01T09:00:00Z')),
    recipient_count: 3,
    slug: 'shelfmark-monthly-may',
  },
  badValues: [
    ['title', 'x'.repeat(201)],
    ['subtitle', 'x'.repeat(301)],
    ['content', 'x'.repeat(100_001)],
    ['is_published', 1],
  ],
});

describe('newsletter delivery records', () => {
  for (const actor of everyone) {
    it(`${actor} can neither read nor write them`, async () => {
      const db = dbAs(env(), actor);
      await expectDenied(getDoc(doc(db, 'newsletters/published-newsletter/deliveries/alice-uid')));
      await expectDenied(getDocs(collection(db, 'newsletters/published-newsletter/deliveries')));
      await expectDenied(
        setDoc(doc(db, 'newsletters/published-newsletter/deliveries/bob-uid'), {
          sent_at: serverTimestamp(),
        }),
      );
    });
  }
});

describe('newsletter_preferences', () => {
  it('the member reads and changes their own choice', async () => {
    const db = dbAs(env(), 'owner');
    await expectAllowed(getDoc(doc(db, 'newsletter_preferences', uids.owner)));
    await expectAllowed(
      setDoc(doc(db, 'newsletter_preferences', uids.owner), {
        unsubscribed: false,
        updated_at: serverTimestamp(),
      }),
    );
  });
  it('a member creates theirs', async () => {
    await expectAllowed(
      setDoc(doc(dbAs(env(), 'other'), 'newsletter_preferences', uids.other), {
        unsubscribed: true,
        updated_at: serverTimestamp(),
      }),
    );
  });
  it('a pending member cannot set theirs', async () => {
    await expectDenied(
      setDoc(doc(dbAs(env(), 'pending'), 'newsletter_preferences', uids.pending), {
        unsubscribed: true,
        updated_at: serverTimestamp(),
      }),
    );
  });
  it('refuses other fields and a client time', async () => {
    const db = dbAs(env(), 'owner');
    await expectDenied(
      setDoc(doc(db, 'newsletter_preferences', uids.owner), {
        unsubscribed: false,
        updated_at: serverTimestamp(),
        group: 'x',
      }),
    );
    await expectDenied(
      setDoc(doc(db, 'newsletter_preferences', uids.owner), {
        unsubscribed: false,
        updated_at: new Date('2020-01-01'),
      }),
    );
    await expectDenied(
      setDoc(doc(db, 'newsletter_preferences', uids.owner), {
        unsubscribed: 'no',
        updated_at: serverTimestamp(),
      }),
    );
  });
  for (const actor of nonOwners) {
    it(`${actor} can neither read nor set another member's choice`, async () => {
      const db = dbAs(env(), actor);
      await expectDenied(getDoc(doc(db, 'newsletter_preferences', uids.owner)));
      await expectDenied(
        setDoc(doc(db, 'newsletter_preferences', uids.owner), {
          unsubscribed: false,
          updated_at: serverTimestamp(),
        }),
      );
    });
  }
  it('an admin reads a member’s choice but cannot change it', async () => {
    const db = dbAs(env(), 'admin');
    await expectAllowed(getDoc(doc(db, 'newsletter_preferences', uids.owner)));
    await expectDenied(
      setDoc(doc(db, 'newsletter_preferences', uids.owner), {
        unsubscribed: false,
        updated_at: serverTimestamp(),
      }),
    );
  });
});
