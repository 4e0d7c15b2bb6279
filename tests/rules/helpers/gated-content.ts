/**
 * The read matrix shared by admin-managed collections the public sees only
 * while a flag is set (advertisement_banners, blog_posts, newsletters,
 * page_content): non-admins never write, admins read everything (and, where
 * `adminWrites` is set, write as the calling file tests).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { collection, doc, getDoc, getDocs, query, where, type DocumentData } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import {
  actorLabel,
  dbAs,
  expectAllowed,
  expectDenied,
  itDeniesWrites,
  nonAdmins,
  type Actor,
} from './rules-env';

export interface GatedContentOptions {
  /** The test file's environment; read lazily because it is set in beforeAll. */
  env: () => RulesTestEnvironment;
  /** The Firestore collection, e.g. 'blog_posts'. */
  collection: string;
  /** The field that makes a document public. */
  flag: 'is_active' | 'is_published';
  /**
   * False when visitors cannot list at all, only get one document at a time
   * (blog_posts: a post hidden by moderation carries a field no query filter can
   * rule out, so the pages list posts on the server). Default true.
   */
  visitorList?: boolean;
  /** How one document and several documents read in test names, e.g. { one: 'post', many: 'posts' }. */
  noun: { one: string; many: string };
  /** Phrases for test names: the visible and hidden document ('a published post', 'a draft') and hidden ones in the plural ('drafts'). */
  labels: { visible: string; hidden: string; hiddenPlural: string };
  /** Document ids: the seeded visible and hidden documents, and the one a denied create would add. */
  ids: { visible: string; hidden: string; new: string };
  /** The file's document factory, used for the denied create. */
  makeDoc: () => DocumentData;
  /** True where admins may write: the calling file then tests the admin's writes itself. */
  adminWrites?: boolean;
}

/**
 * Registers the read and write matrix for flag-gated content.
 *
 * The calling file must seed, before each test, exactly two documents:
 * `ids.visible` with the flag true and `ids.hidden` with it false.
 */
export function describeGatedContent({
  env,
  collection: name,
  flag,
  noun,
  labels,
  ids,
  makeDoc,
  adminWrites = false,
  visitorList = true,
}: GatedContentOptions): void {
  const docsOf = (actor: Actor) => collection(dbAs(env(), actor), name);
  const docAs = (actor: Actor, id: string) => doc(dbAs(env(), actor), name, id);
  const itDeniesWritesAs = (actor: Actor) =>
    itDeniesWrites(
      () => dbAs(env(), actor),
      { newPath: `${name}/${ids.new}`, existingPath: `${name}/${ids.visible}` },
      makeDoc(),
    );

  describe(name, () => {
    for (const actor of nonAdmins) {
      describe(actorLabel[actor], () => {
        describe('get', () => {
          it(`reads ${labels.visible}`, async () => {
            await expectAllowed(getDoc(docAs(actor, ids.visible)));
          });
          it(`cannot read ${labels.hidden}`, async () => {
            await expectDenied(getDoc(docAs(actor, ids.hidden)));
          });
        });
        describe('list', () => {
          if (visitorList)
            it(`lists ${noun.many} filtered to ${flag} == true`, async () => {
              const snapshot = await expectAllowed(getDocs(query(docsOf(actor), where(flag, '==', true))));
              expect(snapshot.size).toBe(1);
            });
          else
            it(`cannot list ${noun.many}, even filtered to ${flag} == true`, async () => {
              await expectDenied(getDocs(query(docsOf(actor), where(flag, '==', true))));
            });
          it(`cannot list ${noun.many} without the ${flag} filter`, async () => {
            await expectDenied(getDocs(docsOf(actor)));
          });
        });
        describe('create, update, delete', () => {
          itDeniesWritesAs(actor);
        });
      });
    }

    describe(actorLabel.admin, () => {
      describe('get', () => {
        it(`reads ${labels.hidden}`, async () => {
          await expectAllowed(getDoc(docAs('admin', ids.hidden)));
        });
      });
      describe('list', () => {
        it(`lists every ${noun.one}, ${labels.hiddenPlural} included`, async () => {
          const snapshot = await expectAllowed(getDocs(docsOf('admin')));
          expect(snapshot.size).toBe(2);
        });
      });
      if (!adminWrites) {
        describe('create, update, delete', () => {
          // Admin editing arrives with the admin issue; until then nobody writes.
          itDeniesWritesAs('admin');
        });
      }
    });
  });
}
