// classified_ads by actor × operation: public reads of active ads, the seller's
// and admins' reads of hidden ones; the contact details in
// classified_ads/{id}/private/contact, which members in good standing read and
// visitors never. No client writes an ad or its contact details, whoever they
// are: every write goes through the saveClassifiedAd and deleteClassifiedAd
// functions (tests/functions/market/classified-ad-save.test.ts).
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  increment,
  limit,
  orderBy,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  type DocumentData,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  expectAllowed,
  expectDenied,
  uids,
  type Actor,
} from '../helpers/rules-env';
import { actorProfiles, useSeededRulesEnv } from '../helpers/seeded-env';

function ad(overrides: DocumentData = {}): DocumentData {
  return {
    user_id: uids.owner,
    title: 'Signed first edition of Harbour Lights',
    description: 'Hardback, signed on the title page, dust jacket intact.',
    category: 'books-publications',
    subcategory: 'first-editions',
    price: 85,
    currency: 'GBP',
    condition: 'like-new',
    location: 'Bristol, UK',
    contact_method: 'email',
    is_service: false,
    tags: ['signed', 'first-edition'],
    is_active: true,
    is_featured: false,
    views_count: 3,
    created_at: Timestamp.fromDate(new Date('2025-05-10T15:30:00Z')),
    ...overrides,
  };
}

const env = useSeededRulesEnv('classified-ads', () => ({
  ...actorProfiles('owner', 'other', 'pending', 'denied', 'inactive'),
  'classified_ads/active-ad': ad(),
  'classified_ads/inactive-ad': ad({
    title: 'Oak bookshelf (sold)',
    category: 'storage-organization',
    is_active: false,
  }),
  'classified_ads/bobs-ad': ad({ user_id: uids.other, title: 'Proofreading by the page', is_service: true }),
  'classified_ads/active-ad/private/contact': { contact_info: 'alice@example.com' },
  'classified_ads/inactive-ad/private/contact': { contact_info: '+44 20 7946 0000' },
  'classified_ads/bobs-ad/private/contact': { contact_info: 'bob@example.com' },
}));

const adAs = (actor: Actor, id: string) => doc(dbAs(env(), actor), 'classified_ads', id);
const adsAs = (actor: Actor) => collection(dbAs(env(), actor), 'classified_ads');

/** What the old create form wrote for `uid`: a valid ad, which no client may write any more. */
function newAd(uid: string, overrides: DocumentData = {}): DocumentData {
  const { created_at: _created, views_count: _views, ...rest } = ad({ user_id: uid });
  return { ...rest, views_count: 0, created_at: serverTimestamp(), ...overrides };
}

describe('classified_ads reads', () => {
  describeEachActor(['anonymous', 'pending', 'other'] as const, '%s', (actor) => {
    it('reads an active ad', async () => {
      await expectAllowed(getDoc(adAs(actor, 'active-ad')));
    });
    it('cannot read an inactive ad', async () => {
      await expectDenied(getDoc(adAs(actor, 'inactive-ad')));
    });
    // No filter proves an ad is not hidden by moderation: visitors get one ad at a time.
    it('cannot list ads, even a seller’s filtered to is_active == true', async () => {
      await expectDenied(
        getDocs(query(adsAs(actor), where('user_id', '==', uids.owner), where('is_active', '==', true))),
      );
      await expectDenied(getDocs(query(adsAs(actor), where('is_active', '==', true))));
      await expectDenied(getDocs(adsAs(actor)));
    });
  });
  it('the seller reads their own inactive ad; an admin reads every ad', async () => {
    await expectAllowed(getDoc(adAs('owner', 'inactive-ad')));
    expect(
      (await expectAllowed(getDocs(query(adsAs('owner'), where('user_id', '==', uids.owner))))).size,
    ).toBe(2);
    expect((await expectAllowed(getDocs(adsAs('admin')))).size).toBe(3);
  });
  it("an admin lists every ad newest first (the dashboard's Classified Ads); the seller and other members cannot", async () => {
    const newest = (actor: 'admin' | 'owner' | 'other') =>
      getDocs(query(adsAs(actor), orderBy('created_at', 'desc'), limit(20)));
    expect((await expectAllowed(newest('admin'))).size).toBe(3);
    await expectDenied(newest('owner'));
    await expectDenied(newest('other'));
  });
});

describe('classified_ads writes: none from any client (the ad functions write)', () => {
  const writers = ['owner', 'other', 'admin', 'pending', 'anonymous'] as const;
  for (const actor of writers) {
    it(`${actorLabel[actor]} cannot post an ad, even a valid one in their own name`, async () => {
      const uid = actor === 'anonymous' ? uids.owner : uids[actor];
      await expectDenied(setDoc(adAs(actor, 'new-ad'), newAd(uid)));
    });
    it(`${actorLabel[actor]} cannot edit, switch or count views on an ad`, async () => {
      await expectDenied(
        updateDoc(adAs(actor, 'active-ad'), { title: 'Edited directly', updated_at: serverTimestamp() }),
      );
      await expectDenied(updateDoc(adAs(actor, 'active-ad'), { is_featured: true }));
      // Switching an ad off or on is the saveClassifiedAd function's, for admins, with its audit entry.
      await expectDenied(updateDoc(adAs(actor, 'active-ad'), { is_active: false }));
      await expectDenied(updateDoc(adAs(actor, 'inactive-ad'), { is_active: true }));
      await expectDenied(updateDoc(adAs(actor, 'active-ad'), { views_count: increment(1) }));
    });
    it(`${actorLabel[actor]} cannot delete an ad`, async () => {
      await expectDenied(deleteDoc(adAs(actor, 'active-ad')));
    });
  }
});

describe('classified_ads/{id}/private/contact', () => {
  const contactAs = (actor: Actor, id: string) =>
    doc(dbAs(env(), actor), 'classified_ads', id, 'private', 'contact');

  for (const actor of ['anonymous', 'pending', 'denied', 'inactive'] as const) {
    it(`${actorLabel[actor]} cannot read an ad's contact details`, async () => {
      await expectDenied(getDoc(contactAs(actor, 'active-ad')));
    });
  }
  it('a member whose email is not verified cannot read them', async () => {
    const unverified = env().authenticatedContext(uids.other, { email_verified: false }).firestore();
    await expectDenied(unverified.doc('classified_ads/active-ad/private/contact').get());
  });
  it('a member in good standing reads the contact details of an active ad, not of a hidden one', async () => {
    expect((await expectAllowed(getDoc(contactAs('other', 'active-ad')))).get('contact_info')).toBe(
      'alice@example.com',
    );
    await expectDenied(getDoc(contactAs('other', 'inactive-ad')));
  });
  it('the seller reads those of their hidden ad; an admin reads any', async () => {
    await expectAllowed(getDoc(contactAs('owner', 'inactive-ad')));
    await expectAllowed(getDoc(contactAs('admin', 'inactive-ad')));
  });

  for (const actor of ['owner', 'other', 'admin', 'anonymous'] as const) {
    it(`${actorLabel[actor]} cannot write or delete an ad's contact details`, async () => {
      await expectDenied(setDoc(contactAs(actor, 'active-ad'), { contact_info: 'me@example.com' }));
      await expectDenied(setDoc(contactAs(actor, 'new-ad'), { contact_info: 'me@example.com' }));
      await expectDenied(deleteDoc(contactAs(actor, 'active-ad')));
    });
  }
});
