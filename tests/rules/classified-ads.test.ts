// classified_ads by actor × operation: public reads of active ads; creation by
// members in good standing in their own name only; edits and deletion by the
// seller; admins only switch is_active / is_featured or delete; views_count,
// user_id and is_featured cannot be forged. The contact details live in
// classified_ads/{id}/private/contact: members in good standing read them,
// visitors never; the seller writes them with the ad and deletes them with it.
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  expectAllowed,
  expectDenied,
  minimalProfile,
  uids,
  type Actor,
} from './helpers';
import { useSeededRulesEnv } from './shared/seeded-env';

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
  [`profiles/${uids.owner}`]: minimalProfile(uids.owner),
  [`profiles/${uids.other}`]: minimalProfile(uids.other),
  [`profiles/${uids.pending}`]: minimalProfile(uids.pending, { approval_status: 'pending' }),
  [`profiles/${uids.denied}`]: minimalProfile(uids.denied, { approval_status: 'denied' }),
  [`profiles/${uids.inactive}`]: minimalProfile(uids.inactive, { is_active: false }),
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

/** What the create form writes for `uid`. */
function newAd(uid: string, overrides: DocumentData = {}): DocumentData {
  const { created_at: _created, views_count: _views, ...rest } = ad({ user_id: uid });
  return { ...rest, views_count: 0, created_at: serverTimestamp(), ...overrides };
}

/** What the edit form writes. */
const edit = (changes: DocumentData) => ({ ...changes, updated_at: serverTimestamp() });

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
});

describe('classified_ads create', () => {
  it('a member in good standing posts an ad in their own name', async () => {
    await expectAllowed(setDoc(adAs('owner', 'new-ad'), newAd(uids.owner)));
  });
  it('accepts null price, subcategory and condition, an image and ten tags of 30 characters', async () => {
    const tags = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(30, 'x'));
    await expectAllowed(
      setDoc(
        adAs('owner', 'new-ad'),
        newAd(uids.owner, {
          price: null,
          subcategory: null,
          condition: null,
          image_url: `/media/${uids.owner}/ad-images/a1/w640.webp`,
          tags,
        }),
      ),
    );
  });
  for (const actor of ['anonymous', 'pending', 'denied', 'inactive'] as const) {
    it(`${actorLabel[actor]} cannot post an ad`, async () => {
      await expectDenied(
        setDoc(adAs(actor, 'new-ad'), newAd(actor === 'anonymous' ? uids.owner : uids[actor])),
      );
    });
  }
  it('a member whose email is not verified cannot post an ad', async () => {
    const unverified = env().authenticatedContext(uids.owner, { email_verified: false }).firestore();
    await expectDenied(unverified.collection('classified_ads').doc('new-ad').set(newAd(uids.owner)));
  });
  it.each([
    ['in another member’s name', { user_id: uids.other }],
    ['already featured', { is_featured: true }],
    ['with forged views', { views_count: 500 }],
    ['inactive', { is_active: false }],
    ['backdated', { created_at: Timestamp.fromDate(new Date('2020-01-01T00:00:00Z')) }],
    ['with an empty title', { title: '' }],
    ['with a title over 100 characters', { title: 'x'.repeat(101) }],
    ['with a description under 10 characters', { description: 'Too short' }],
    ['with a description over 2000 characters', { description: 'x'.repeat(2001) }],
    ['with an unknown category', { category: 'boats' }],
    ['with a negative price', { price: -1 }],
    ['with a price given as text', { price: '12' }],
    ['with an unknown currency', { currency: 'JPY' }],
    ['with an unknown condition', { condition: 'mint' }],
    ['with an unknown contact method', { contact_method: 'pigeon' }],
    ['with eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }],
    ['with a tag over 30 characters', { tags: ['x'.repeat(31)] }],
    ['with a javascript: image', { image_url: 'javascript:alert(1)' }],
    ['with an unknown field', { is_verified_seller: true }],
    [
      'with its contact details on the ad (anyone could read them there)',
      { contact_info: 'alice@example.com' },
    ],
  ])('an ad %s is refused', async (_name, overrides) => {
    await expectDenied(setDoc(adAs('owner', 'new-ad'), newAd(uids.owner, overrides)));
  });
});

describe('classified_ads update', () => {
  it('the seller edits the content of their ad', async () => {
    await expectAllowed(
      updateDoc(
        adAs('owner', 'active-ad'),
        edit({ title: 'Signed first edition', price: 70, tags: ['signed'], condition: null }),
      ),
    );
  });
  it.each([
    ['sets their views', { views_count: 9999 }],
    ['features their ad', { is_featured: true }],
    ['moves the ad to another member', { user_id: uids.other }],
    ['re-enables or disables it', { is_active: false }],
    ['changes when it was posted', { created_at: Timestamp.now() }],
    ['breaks a bound', { description: 'short' }],
    ['puts contact details on the public ad', { contact_info: 'alice@example.com' }],
  ])('the seller cannot save an edit that %s', async (_name, changes) => {
    await expectDenied(updateDoc(adAs('owner', 'active-ad'), edit(changes)));
  });
  it('an edit must carry the time of the write', async () => {
    await expectDenied(updateDoc(adAs('owner', 'active-ad'), { title: 'No timestamp' }));
  });
  for (const actor of ['anonymous', 'other', 'pending'] as const) {
    it(`${actorLabel[actor]} cannot edit someone else's ad`, async () => {
      await expectDenied(updateDoc(adAs(actor, 'active-ad'), edit({ title: 'Mine now' })));
    });
  }
  it('an admin disables and features an ad, but cannot rewrite it or set views', async () => {
    await expectAllowed(
      updateDoc(adAs('admin', 'active-ad'), {
        is_active: false,
        is_featured: true,
        updated_at: serverTimestamp(),
      }),
    );
    await expectDenied(updateDoc(adAs('admin', 'active-ad'), { title: 'Admin title' }));
    await expectDenied(updateDoc(adAs('admin', 'active-ad'), { views_count: 4 }));
  });
  it('only an admin switches is_featured (the Featured First sort); no member features an ad, their own included', async () => {
    for (const actor of ['anonymous', 'other', 'pending', 'owner'] as const) {
      await expectDenied(
        updateDoc(adAs(actor, 'active-ad'), { is_featured: true, updated_at: serverTimestamp() }),
      );
    }
    await expectAllowed(
      updateDoc(adAs('admin', 'active-ad'), { is_featured: true, updated_at: serverTimestamp() }),
    );
    await expectAllowed(
      updateDoc(adAs('admin', 'active-ad'), { is_featured: false, updated_at: serverTimestamp() }),
    );
    await expectDenied(updateDoc(adAs('admin', 'active-ad'), { is_featured: 'yes' }));
  });
  it('nobody can add to views_count from a client, not even +1', async () => {
    for (const actor of ['anonymous', 'other', 'owner', 'admin'] as const) {
      await expectDenied(updateDoc(adAs(actor, 'active-ad'), { views_count: 4 }));
    }
  });
});

describe('classified_ads delete', () => {
  it('the seller deletes their ad', async () => {
    await expectAllowed(deleteDoc(adAs('owner', 'active-ad')));
  });
  it('an admin deletes any ad', async () => {
    await expectAllowed(deleteDoc(adAs('admin', 'bobs-ad')));
  });
  for (const actor of ['anonymous', 'other', 'pending'] as const) {
    it(`${actorLabel[actor]} cannot delete someone else's ad`, async () => {
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

  it('the seller posts an ad and its contact details in one batch', async () => {
    const db = dbAs(env(), 'owner');
    const batch = writeBatch(db);
    batch.set(doc(db, 'classified_ads', 'new-ad'), newAd(uids.owner));
    batch.set(doc(db, 'classified_ads', 'new-ad', 'private', 'contact'), {
      contact_info: 'alice@example.com',
    });
    await expectAllowed(batch.commit());
  });
  it('the seller changes and clears the contact details of their ad', async () => {
    await expectAllowed(setDoc(contactAs('owner', 'active-ad'), { contact_info: '+1 555 0100 2000' }));
    await expectAllowed(setDoc(contactAs('owner', 'active-ad'), { contact_info: null }));
  });
  it.each([
    ['over 500 characters', { contact_info: 'x'.repeat(501) }],
    ['that are not text', { contact_info: 42 }],
    ['with another field', { contact_info: 'alice@example.com', user_id: uids.owner }],
  ])('contact details %s are refused', async (_name, data) => {
    await expectDenied(setDoc(contactAs('owner', 'active-ad'), data));
  });
  for (const actor of ['anonymous', 'other', 'pending', 'admin'] as const) {
    it(`${actorLabel[actor]} cannot write the contact details of someone else's ad`, async () => {
      await expectDenied(setDoc(contactAs(actor, 'active-ad'), { contact_info: 'scam@example.com' }));
    });
  }
  it('nobody writes contact details for an ad that does not exist, nor for an ad posted in another member’s name', async () => {
    await expectDenied(setDoc(contactAs('owner', 'no-such-ad'), { contact_info: 'alice@example.com' }));
    const db = dbAs(env(), 'other');
    const batch = writeBatch(db);
    batch.set(doc(db, 'classified_ads', 'forged-ad'), newAd(uids.owner));
    batch.set(doc(db, 'classified_ads', 'forged-ad', 'private', 'contact'), {
      contact_info: 'bob@example.com',
    });
    await expectDenied(batch.commit());
  });
  it('the seller deletes the ad and its contact details in one batch; others cannot delete them', async () => {
    for (const actor of ['anonymous', 'other'] as const)
      await expectDenied(deleteDoc(contactAs(actor, 'active-ad')));
    const db = dbAs(env(), 'owner');
    const batch = writeBatch(db);
    batch.delete(doc(db, 'classified_ads', 'active-ad', 'private', 'contact'));
    batch.delete(doc(db, 'classified_ads', 'active-ad'));
    await expectAllowed(batch.commit());
  });
  it('an admin deletes any ad’s contact details', async () => {
    await expectAllowed(deleteDoc(contactAs('admin', 'bobs-ad')));
  });
});
