/**
 * The matrix shared by admin-managed collections everyone may read and nobody
 * may write yet (featured_books, featured_profiles, legal_documents,
 * site_settings).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  type CollectionReference,
  type DocumentData,
  type DocumentSnapshot,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import { describe, it } from 'vitest';
import { actorLabel, dbAs, everyone, expectAllowed, itDeniesWrites } from './rules-env';

export interface PublicReadOnlyOptions {
  /** The test file's environment; read lazily because it is set in beforeAll. */
  env: () => RulesTestEnvironment;
  /** The Firestore collection, e.g. 'legal_documents'. */
  collection: string;
  /** The get test: its name, the seeded document it reads, and optional checks on what came back. */
  get: { title: string; id: string; check?: (snapshot: DocumentSnapshot) => void };
  /** The list test: its name, an optional query over the collection, and optional checks on what came back. */
  list: {
    title: string;
    query?: (items: CollectionReference) => Query;
    check?: (snapshot: QuerySnapshot) => void;
  };
  /** The denied writes: the id a create would add, the seeded id to update and delete, and the data to create. */
  writes: { newId: string; existingId: string; data: DocumentData };
}

/** Registers, for every actor, an allowed get and list and denied create, update and delete. */
export function describePublicReadOnly({
  env,
  collection: name,
  get,
  list,
  writes,
}: PublicReadOnlyOptions): void {
  describe(name, () => {
    for (const actor of everyone) {
      describe(actorLabel[actor], () => {
        describe('get', () => {
          it(get.title, async () => {
            const snapshot = await expectAllowed(getDoc(doc(dbAs(env(), actor), name, get.id)));
            get.check?.(snapshot);
          });
        });
        describe('list', () => {
          it(list.title, async () => {
            const items = collection(dbAs(env(), actor), name);
            const snapshot = await expectAllowed(getDocs(list.query ? list.query(items) : items));
            list.check?.(snapshot);
          });
        });
        describe('create, update, delete', () => {
          itDeniesWrites(
            () => dbAs(env(), actor),
            { newPath: `${name}/${writes.newId}`, existingPath: `${name}/${writes.existingId}` },
            writes.data,
          );
        });
      });
    }
  });
}
