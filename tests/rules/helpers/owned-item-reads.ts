/**
 * The read matrix shared by collections of member-owned items that the public
 * sees only while they are public: active, of an active, approved member
 * (books, products_services, classified_ads).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  query,
  where,
  type CollectionReference,
  type DocumentData,
  type Query,
} from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
  itDeniesWrites,
  nonOwners,
  uids,
  type Actor,
} from './rules-env';

export interface OwnedItemReadsOptions {
  /** The test file's environment; read lazily because it is set in beforeAll. */
  env: () => RulesTestEnvironment;
  /** The Firestore collection, e.g. 'books'. */
  collection: string;
  /** How one item and several items read in test names, e.g. { one: 'book', many: 'books' }. */
  noun: { one: string; many: string };
  /** The file's document factory, used for the denied create. */
  makeDoc: () => DocumentData;
  /**
   * The list query a visitor runs, which the rules can prove returns only public
   * items (books: is_public == true), and how many of the seeded documents it
   * returns; with `denied`, a query visitors may not run at all (products: no
   * filter proves an item is not hidden by moderation, so visitors get one item
   * at a time and the pages list on the server).
   */
  publicList: { title: string; query: (items: CollectionReference) => Query; size: number; denied?: boolean };
}

/**
 * Registers the read and write matrix for a collection of owned items.
 *
 * The calling file must seed, before each test, exactly these documents
 * (where `x` is `noun.one`):
 * - `active-x`: owned by `uids.owner`, `is_active: true`;
 * - `inactive-x`: owned by `uids.owner`, `is_active: false`;
 * - one more document owned by `uids.other`, `is_active: true`.
 */
export function describeOwnedItemReads({
  env,
  collection: name,
  noun,
  makeDoc,
  publicList,
}: OwnedItemReadsOptions): void {
  const ids = { active: `active-${noun.one}`, inactive: `inactive-${noun.one}`, new: `new-${noun.one}` };
  const itemsOf = (actor: Actor) => collection(dbAs(env(), actor), name);
  const itemAs = (actor: Actor, id: string) => doc(dbAs(env(), actor), name, id);
  const itDeniesWritesAs = (actor: Actor) =>
    itDeniesWrites(
      () => dbAs(env(), actor),
      { newPath: `${name}/${ids.new}`, existingPath: `${name}/${ids.active}` },
      makeDoc(),
    );

  describe(name, () => {
    for (const actor of nonOwners) {
      describe(actorLabel[actor], () => {
        describe('get', () => {
          it(`reads an active ${noun.one}`, async () => {
            await expectAllowed(getDoc(itemAs(actor, ids.active)));
          });
          it(`cannot read an inactive ${noun.one}`, async () => {
            await expectDenied(getDoc(itemAs(actor, ids.inactive)));
          });
        });
        describe('list', () => {
          if (publicList.denied)
            it(`cannot list ${noun.many} ${publicList.title}`, async () => {
              await expectDenied(getDocs(publicList.query(itemsOf(actor))));
            });
          else
            it(`lists ${noun.many} ${publicList.title}`, async () => {
              const snapshot = await expectAllowed(getDocs(publicList.query(itemsOf(actor))));
              expect(snapshot.size).toBe(publicList.size);
            });
          it(`cannot list ${noun.many} without a filter that keeps hidden ones out`, async () => {
            await expectDenied(getDocs(itemsOf(actor)));
          });
          it(`cannot list another member's ${noun.many} unfiltered, which would include inactive ones`, async () => {
            await expectDenied(getDocs(query(itemsOf(actor), where('user_id', '==', uids.owner))));
          });
        });
        describe('create, update, delete', () => {
          itDeniesWritesAs(actor);
        });
      });
    }

    describe(actorLabel.owner, () => {
      describe('get', () => {
        it(`reads their own inactive ${noun.one}`, async () => {
          await expectAllowed(getDoc(itemAs('owner', ids.inactive)));
        });
      });
      describe('list', () => {
        it(`lists all their own ${noun.many}, active or not`, async () => {
          const snapshot = await expectAllowed(
            getDocs(query(itemsOf('owner'), where('user_id', '==', uids.owner))),
          );
          expect(snapshot.size).toBe(2);
        });
        it(`cannot list every ${noun.one} without a filter`, async () => {
          await expectDenied(getDocs(itemsOf('owner')));
        });
      });
      describe('create, update, delete', () => {
        itDeniesWritesAs('owner');
      });
    });

    describe(actorLabel.admin, () => {
      describe('get', () => {
        it(`reads an inactive ${noun.one}`, async () => {
          await expectAllowed(getDoc(itemAs('admin', ids.inactive)));
        });
      });
      describe('list', () => {
        it(`lists every ${noun.one} without a filter`, async () => {
          const snapshot = await expectAllowed(getDocs(itemsOf('admin')));
          expect(snapshot.size).toBe(3);
        });
      });
      describe('create, update, delete', () => {
        itDeniesWritesAs('admin');
      });
    });
  });
}
