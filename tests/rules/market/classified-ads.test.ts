// classified_ads by actor × operation: public reads of active ads, the seller's
// and admins' reads of hidden ones; the contact details in
// classified_ads/{id}/private/contact, which members in good standing read and
// visitors never. No client writes an ad or its contact details, whoever they
// are: every write goes through the saveClassifiedAd and deleteClassifiedAd
// functions (tests/functions/market/classified-ad-save.test.ts).
import {
  collection,
  getDocs,
  increment,
  limit,
  orderBy,
  query,
  serverTimestamp,
  Timestamp,
  type DocumentData,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  expectAllowed,
  expectDenied,
  listAll,
  listWhere,
  patchDoc,
  readDoc,
  removeDoc,
  uids,
  writeDoc,
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

const adAt = (id: string) => `classified_ads/${id}`;
const contactOf = (id: string) => `classified_ads/${id}/private/contact`;

/** What the old create form wrote for `uid`: a valid ad, which no client may write any more. */
function newAd(uid: string, overrides: DocumentData = {}): DocumentData {
  const { created_at: _created, views_count: _views, ...rest } = ad({ user_id: uid });
  return { ...rest, views_count: 0, created_at: serverTimestamp(), ...overrides };
}

describe('classified_ads reads', () => {
  describeEachActor(['anonymous', 'pending', 'other'] as const, '%s', (actor) => {
    it('reads an active ad', async () => {
      await expectAllowed(readDoc(dbAs(env(), actor), adAt('active-ad')));
    });
    it('cannot read an inactive ad', async () => {
      await expectDenied(readDoc(dbAs(env(), actor), adAt('inactive-ad')));
    });
    // No filter proves an ad is not hidden by moderation: visitors get one ad at a time.
    it('cannot list ads, even a seller’s filtered to is_active == true', async () => {
      const db = dbAs(env(), actor);
      await expectDenied(listWhere(db, 'classified_ads', { user_id: uids.owner, is_active: true }));
      await expectDenied(listWhere(db, 'classified_ads', { is_active: true }));
      await expectDenied(listAll(db, 'classified_ads'));
    });
  });
  it('the seller reads their own inactive ad; an admin reads every ad', async () => {
    const seller = dbAs(env(), 'owner');
    await expectAllowed(readDoc(seller, adAt('inactive-ad')));
    expect((await expectAllowed(listWhere(seller, 'classified_ads', { user_id: uids.owner }))).size).toBe(2);
    expect((await expectAllowed(listAll(dbAs(env(), 'admin'), 'classified_ads'))).size).toBe(3);
  });
  it("an admin lists every ad newest first (the dashboard's Classified Ads); the seller and other members cannot", async () => {
    const newest = (actor: 'admin' | 'owner' | 'other') =>
      getDocs(
        query(collection(dbAs(env(), actor), 'classified_ads'), orderBy('created_at', 'desc'), limit(20)),
      );
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
      await expectDenied(writeDoc(dbAs(env(), actor), adAt('new-ad'), newAd(uid)));
    });
    it(`${actorLabel[actor]} cannot edit, switch or count views on an ad`, async () => {
      const db = dbAs(env(), actor);
      await expectDenied(
        patchDoc(db, adAt('active-ad'), { title: 'Edited directly', updated_at: serverTimestamp() }),
      );
      await expectDenied(patchDoc(db, adAt('active-ad'), { is_featured: true }));
      // Switching an ad off or on is the saveClassifiedAd function's, for admins, with its audit entry.
      await expectDenied(patchDoc(db, adAt('active-ad'), { is_active: false }));
      await expectDenied(patchDoc(db, adAt('inactive-ad'), { is_active: true }));
      await expectDenied(patchDoc(db, adAt('active-ad'), { views_count: increment(1) }));
    });
    it(`${actorLabel[actor]} cannot delete an ad`, async () => {
      await expectDenied(removeDoc(dbAs(env(), actor), adAt('active-ad')));
    });
  }
});

describe('classified_ads/{id}/private/contact', () => {
  for (const actor of ['anonymous', 'pending', 'denied', 'inactive'] as const) {
    it(`${actorLabel[actor]} cannot read an ad's contact details`, async () => {
      await expectDenied(readDoc(dbAs(env(), actor), contactOf('active-ad')));
    });
  }
  it('a member whose email is not verified cannot read them', async () => {
    const unverified = env().authenticatedContext(uids.other, { email_verified: false }).firestore();
    await expectDenied(unverified.doc('classified_ads/active-ad/private/contact').get());
  });
  it('a member in good standing reads the contact details of an active ad, not of a hidden one', async () => {
    const member = dbAs(env(), 'other');
    expect((await expectAllowed(readDoc(member, contactOf('active-ad')))).get('contact_info')).toBe(
      'alice@example.com',
    );
    await expectDenied(readDoc(member, contactOf('inactive-ad')));
  });
  it('the seller reads those of their hidden ad; an admin reads any', async () => {
    await expectAllowed(readDoc(dbAs(env(), 'owner'), contactOf('inactive-ad')));
    await expectAllowed(readDoc(dbAs(env(), 'admin'), contactOf('inactive-ad')));
  });

  for (const actor of ['owner', 'other', 'admin', 'anonymous'] as const) {
    it(`${actorLabel[actor]} cannot write or delete an ad's contact details`, async () => {
      const db = dbAs(env(), actor);
      await expectDenied(writeDoc(db, contactOf('active-ad'), { contact_info: 'me@example.com' }));
      await expectDenied(writeDoc(db, contactOf('new-ad'), { contact_info: 'me@example.com' }));
      await expectDenied(removeDoc(db, contactOf('active-ad')));
    });
  }
});
