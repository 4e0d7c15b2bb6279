// Hidden means hidden in the database too: the books, products/services,
// classified ads and ad contact details of a deactivated or an unapproved
// member are absent from the pages, so the rules refuse them to visitors and
// other members as well, by actor × operation. Only the member and admins still
// read them. A public member's items stay readable.
import {
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  Timestamp,
  where,
  type DocumentData,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { actorLabel, dbAs, expectAllowed, expectDenied, uids, type Actor } from '../helpers/rules-env';
import { actorProfiles, useSeededRulesEnv } from '../helpers/seeded-env';

/** The hidden owners: a member an admin deactivated and a member still awaiting approval. */
const hiddenOwners = { inactive: uids.inactive, pending: uids.pending } as const;
type HiddenState = keyof typeof hiddenOwners;

/** Fields every item carries; books also carry the visibility fields the bookVisibility triggers keep. */
function item(uid: string, ownerPublic: boolean, extra: DocumentData = {}): DocumentData {
  return {
    user_id: uid,
    title: `An item of ${uid}`,
    is_active: true,
    is_featured: false,
    created_at: Timestamp.fromDate(new Date('2025-05-01T10:00:00Z')),
    ...extra,
  };
}
const book = (uid: string, ownerPublic: boolean) =>
  item(uid, ownerPublic, { owner_public: ownerPublic, is_public: ownerPublic });

const env = useSeededRulesEnv('hidden-members', () => {
  const docs: Record<string, DocumentData> = {
    ...actorProfiles('owner', 'other', 'pending', 'inactive'),
    'books/public-book': book(uids.owner, true),
    'products_services/public-item': item(uids.owner, true),
    'classified_ads/public-ad': item(uids.owner, true),
    'classified_ads/public-ad/private/contact': { contact_info: 'alice@example.com' },
  };
  for (const [state, uid] of Object.entries(hiddenOwners)) {
    docs[`books/${state}-book`] = book(uid, false);
    docs[`products_services/${state}-item`] = item(uid, false);
    docs[`classified_ads/${state}-ad`] = item(uid, false);
    docs[`classified_ads/${state}-ad/private/contact`] = { contact_info: `${uid}@example.com` };
  }
  return docs;
});

const kinds = [
  { collection: 'books', noun: 'book', id: (state: string) => `${state}-book` },
  { collection: 'products_services', noun: 'product/service', id: (state: string) => `${state}-item` },
  { collection: 'classified_ads', noun: 'classified ad', id: (state: string) => `${state}-ad` },
] as const;

const strangers = ['anonymous', 'other'] as const satisfies readonly Actor[];
const contactOf = (actor: Actor, adId: string) =>
  doc(dbAs(env(), actor), 'classified_ads', adId, 'private', 'contact');

for (const [state, ownerUid] of Object.entries(hiddenOwners) as [HiddenState, string][]) {
  const hiddenLabel = state === 'inactive' ? 'a deactivated member' : 'an unapproved member';
  describe(`the documents of ${hiddenLabel}`, () => {
    for (const kind of kinds) {
      describe(kind.collection, () => {
        for (const actor of strangers) {
          it(`${actorLabel[actor]} cannot get their active ${kind.noun}`, async () => {
            await expectDenied(getDoc(doc(dbAs(env(), actor), kind.collection, kind.id(state))));
          });
          it(`${actorLabel[actor]} cannot list their active ${kind.noun}s`, async () => {
            const items = collection(dbAs(env(), actor), kind.collection);
            await expectDenied(
              getDocs(query(items, where('user_id', '==', ownerUid), where('is_active', '==', true))),
            );
          });
        }
        it(`an admin gets and lists their ${kind.noun}s`, async () => {
          await expectAllowed(getDoc(doc(dbAs(env(), 'admin'), kind.collection, kind.id(state))));
          const items = collection(dbAs(env(), 'admin'), kind.collection);
          expect((await expectAllowed(getDocs(query(items, where('user_id', '==', ownerUid))))).size).toBe(1);
        });
      });
    }

    describe('classified ad contact details', () => {
      for (const actor of strangers) {
        it(`${actorLabel[actor]} cannot read the contact details of their active ad`, async () => {
          await expectDenied(getDoc(contactOf(actor, `${state}-ad`)));
        });
      }
      it('an admin reads them', async () => {
        await expectAllowed(getDoc(contactOf('admin', `${state}-ad`)));
      });
    });
  });
}

describe('the hidden member themselves', () => {
  // A deactivated member cannot sign in (their Auth account is disabled), so
  // only the pending member can still look; the rules let both read their own.
  for (const state of ['inactive', 'pending'] as const) {
    for (const kind of kinds) {
      it(`${actorLabel[state]} gets and lists their own ${kind.noun}s`, async () => {
        await expectAllowed(getDoc(doc(dbAs(env(), state), kind.collection, kind.id(state))));
        const items = collection(dbAs(env(), state), kind.collection);
        expect(
          (await expectAllowed(getDocs(query(items, where('user_id', '==', hiddenOwners[state]))))).size,
        ).toBe(1);
      });
    }
  }
});

describe('a public member’s documents stay readable', () => {
  for (const actor of strangers) {
    for (const kind of kinds) {
      it(`${actorLabel[actor]} gets their ${kind.noun}`, async () => {
        await expectAllowed(
          getDoc(doc(dbAs(env(), actor), kind.collection, `public-${kind.id('x').split('-')[1]}`)),
        );
      });
    }
    it(`${actorLabel[actor]} lists public books (is_public == true); products and ads only one at a time (moderation_hidden)`, async () => {
      const db = dbAs(env(), actor);
      expect(
        (
          await expectAllowed(getDocs(query(collection(db, 'books'), where('is_public', '==', true))))
        ).docs.map((d) => d.id),
      ).toEqual(['public-book']);
      for (const name of ['products_services', 'classified_ads']) {
        const items = collection(db, name);
        await expectDenied(
          getDocs(query(items, where('user_id', '==', uids.owner), where('is_active', '==', true))),
        );
      }
    });
  }
  it('another member in good standing reads the contact details of a public seller’s active ad; a visitor does not', async () => {
    expect((await expectAllowed(getDoc(contactOf('other', 'public-ad')))).get('contact_info')).toBe(
      'alice@example.com',
    );
    await expectDenied(getDoc(contactOf('anonymous', 'public-ad')));
  });
});
