/**
 * The suite every server-only collection repeats: for each actor (signed out,
 * pending, owner, other member, denied, inactive, admin) and each seeded document,
 * a get, a list of its collection, a create beside it, and an update and a delete
 * of it are all denied. The Admin SDK (the site's server and the functions) is the
 * only writer and reader of such documents.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import type { DocumentData } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { actorLabel, dbAs, everyone, expectDenied, itDeniesWrites, listAll, readDoc } from './rules-env';

/** How each document's tests are named and what they try; the defaults suit most collections. */
export interface ServerOnlyOptions {
  /** The describe block of a document (default: its path). */
  title?: (path: string) => string;
  /** The collection a list is tried on (default: the document's parent collection). */
  listOf?: (path: string) => string;
  /** Where a create is tried (default: `${path}-new`). */
  newPathOf?: (path: string) => string;
  /** What a create writes (default: the seeded document). */
  data?: (path: string) => DocumentData;
}

/** Registers the denied get, list, create, update and delete of every document in `docs`, for every actor. */
export function describeServerOnly(
  title: string,
  env: () => RulesTestEnvironment,
  docs: Record<string, DocumentData>,
  options: ServerOnlyOptions = {},
): void {
  const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const listOf = options.listOf ?? parentOf;
  const newPathOf = options.newPathOf ?? ((path: string) => `${path}-new`);
  const dataOf = options.data ?? ((path: string) => docs[path]!);
  describe(title, () => {
    for (const actor of everyone) {
      describe(actorLabel[actor], () => {
        for (const path of Object.keys(docs)) {
          describe(options.title?.(path) ?? path, () => {
            it('get is denied', async () => {
              await expectDenied(readDoc(dbAs(env(), actor), path));
            });
            it('list is denied', async () => {
              await expectDenied(listAll(dbAs(env(), actor), listOf(path)));
            });
            itDeniesWrites(
              () => dbAs(env(), actor),
              { newPath: newPathOf(path), existingPath: path },
              dataOf(path),
            );
          });
        }
      });
    }
  });
}
