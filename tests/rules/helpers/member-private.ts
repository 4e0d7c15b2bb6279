/**
 * The suite every member-private, server-written collection repeats (a member's
 * read-throughs, years, shelves of their own, imports): the member gets and lists
 * their own (a query naming their user_id); every other actor gets and lists
 * nothing of theirs, nor the whole collection; an admin gets and lists any; and
 * nobody writes from a client (the functions do, with the Admin SDK).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { DocumentData } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  describeEachActor,
  describeWritesDeniedToEveryone,
  expectAllowed,
  expectDenied,
  listAll,
  listWhere,
  nonOwners,
  readDoc,
  uids,
} from './rules-env';

/** One collection of the suite: its name, the owner's seeded document and its id, how many are seeded in all. */
export interface MemberPrivateCollection {
  name: string;
  /** The path of the owner's seeded document. */
  own: string;
  /** Its id (what the owner's query finds, alone). */
  ownId: string;
  /** Documents seeded in the collection (what an admin's list finds). */
  seeded: number;
  /** A document of `uid`'s, for the denied writes. */
  data: (uid: string) => DocumentData;
}

/** Registers the suite for `collections` on the seeded environment `env`. */
export function describeMemberPrivate(
  env: () => RulesTestEnvironment,
  collections: readonly MemberPrivateCollection[],
): void {
  for (const { name, own, ownId, seeded, data } of collections) {
    describe(name, () => {
      it(`${actorLabel.owner} gets and lists their own`, async () => {
        const db = dbAs(env(), 'owner');
        await expectAllowed(readDoc(db, own));
        const listed = await expectAllowed(listWhere(db, name, { user_id: uids.owner }));
        expect(listed.docs.map((d) => d.id)).toEqual([ownId]);
      });

      describeEachActor(nonOwners, '%s', (actor) => {
        it("cannot get or list another member's, nor list them all", async () => {
          const db = dbAs(env(), actor);
          await expectDenied(readDoc(db, own));
          await expectDenied(listWhere(db, name, { user_id: uids.owner }));
          await expectDenied(listAll(db, name));
        });
      });

      it('an admin gets and lists any', async () => {
        const db = dbAs(env(), 'admin');
        await expectAllowed(readDoc(db, own));
        expect((await expectAllowed(listAll(db, name))).size).toBe(seeded);
      });

      describeWritesDeniedToEveryone(env, '%s writes nothing', (actor) => {
        const uid = actor === 'admin' ? uids.admin : uids.owner;
        return { newPath: `${name}/${uid}__new`, existingPath: own, data: data(uid) };
      });
    });
  }
}
