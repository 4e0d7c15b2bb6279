/**
 * The admin's writes to blog_posts and newsletters: what a valid create and edit
 * look like, and each bound the rules put on them. Non-admins are covered by the
 * gated-content matrix (they write nothing).
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, serverTimestamp, setDoc, updateDoc, type DocumentData } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { dbAs, expectAllowed, expectDenied, uids } from './rules-env';

export interface EditorialWriteOptions {
  env: () => RulesTestEnvironment;
  collection: 'blog_posts' | 'newsletters';
  /** The seeded published document's id. */
  existingId: string;
  /** A form's fields as the island writes them (no created_*, updated_at). */
  formFields: () => DocumentData;
  /** Fields the function alone writes, with a value a client might try. */
  functionOnly: DocumentData;
  /** Field → too-long or wrong-typed values the rules must refuse. */
  badValues: [string, unknown][];
}

/** Registers the admin's allowed and denied writes. */
export function describeEditorialWrites({
  env,
  collection,
  existingId,
  formFields,
  functionOnly,
  badValues,
}: EditorialWriteOptions): void {
  const adminDoc = (id: string) => doc(dbAs(env(), 'admin'), collection, id);
  const created = () => ({
    ...formFields(),
    created_by: uids.admin,
    created_at: serverTimestamp(),
    updated_at: serverTimestamp(),
  });

  describe(`${collection}: the admin's writes`, () => {
    it('creates an unpublished item with the form fields and server times', async () => {
      await expectAllowed(setDoc(adminDoc('new-item'), { ...created(), is_published: false }));
    });
    it('cannot create with a client-chosen time', async () => {
      await expectDenied(setDoc(adminDoc('new-item'), { ...created(), created_at: new Date('2020-01-01') }));
    });
    it('cannot create in another admin’s name', async () => {
      await expectDenied(setDoc(adminDoc('new-item'), { ...created(), created_by: uids.owner }));
    });
    it('cannot create with an unknown field', async () => {
      await expectDenied(setDoc(adminDoc('new-item'), { ...created(), views: 3 }));
    });
    for (const [key, value] of Object.entries(functionOnly)) {
      it(`cannot create with ${key}, which only the function writes`, async () => {
        await expectDenied(setDoc(adminDoc('new-item'), { ...created(), [key]: value }));
      });
      it(`cannot change ${key}`, async () => {
        await expectDenied(updateDoc(adminDoc(existingId), { [key]: value, updated_at: serverTimestamp() }));
      });
    }
    for (const required of ['title', 'content']) {
      it(`cannot save an empty ${required}`, async () => {
        await expectDenied(setDoc(adminDoc('new-item'), { ...created(), [required]: '' }));
      });
    }
    for (const [key, value] of badValues) {
      it(`refuses ${key} = ${typeof value === 'string' ? `${value.length} characters` : JSON.stringify(value)}`, async () => {
        await expectDenied(setDoc(adminDoc('new-item'), { ...created(), [key]: value }));
      });
    }
    it('edits the fields and publishes, stamping updated_at', async () => {
      await expectAllowed(
        updateDoc(adminDoc(existingId), {
          title: 'Edited',
          is_published: false,
          updated_at: serverTimestamp(),
        }),
      );
    });
    it('cannot edit without stamping updated_at', async () => {
      await expectDenied(updateDoc(adminDoc(existingId), { title: 'Edited' }));
    });
    it('cannot change who created it or when', async () => {
      await expectDenied(
        updateDoc(adminDoc(existingId), { created_by: 'someone', updated_at: serverTimestamp() }),
      );
      await expectDenied(
        updateDoc(adminDoc(existingId), { created_at: new Date(), updated_at: serverTimestamp() }),
      );
    });
    it('deletes', async () => {
      await expectAllowed(deleteDoc(adminDoc(existingId)));
    });
  });
}
