/**
 * Blog posts and newsletters for the admin's island on /blog and /newsletters:
 * every item (drafts included: rules let the admin claim read them), and the
 * admin's creates, edits and deletes. Rules decide; this module only shapes the
 * writes the rules expect (server times, created_by, no function-only fields).
 */
import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDocs,
  orderBy,
  query,
  serverTimestamp,
  updateDoc,
} from 'firebase/firestore/lite';
import { blogPostSchema, type BlogPost, type BlogPostForm } from '../../../domain/editorial/blog-post.ts';
import type { EditorialCollection } from '../../../domain/editorial/editorial.ts';
import {
  newsletterSchema,
  type Newsletter,
  type NewsletterForm,
} from '../../../domain/editorial/newsletter.ts';
import { parseDocs } from '../../firestore-convert.ts';
import { currentAccount } from '../shared/auth.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';
import { writeWithSession } from '../shared/session-guard.ts';

/** An item of either collection, as the island lists it. */
export type EditorialItem<C extends EditorialCollection> = C extends 'blog_posts' ? BlogPost : Newsletter;
/** The form of either collection. */
export type EditorialForm<C extends EditorialCollection> = C extends 'blog_posts'
  ? BlogPostForm
  : NewsletterForm;

/** Thrown when nobody is signed in; the island shows its message as the spec words it. */
export class NotAuthenticatedError extends Error {
  constructor() {
    super('Not authenticated');
  }
}

/** Every item of the collection, newest first (admins only). */
export async function listAllItems<C extends EditorialCollection>(name: C): Promise<EditorialItem<C>[]> {
  const snap = await getDocs(query(collection(db(), name), orderBy('created_at', 'desc')));
  const schema = name === 'blog_posts' ? blogPostSchema : newsletterSchema;
  return parseDocs(schema, snap.docs) as EditorialItem<C>[];
}

/** Blank optional texts are stored as null, as the seed and the schema's nullish fields expect. */
function stored<T extends object>(form: T): T {
  return Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v === '' ? null : v])) as T;
}

/** Creates an item from the form; returns its id. */
export async function createItem<C extends EditorialCollection>(
  name: C,
  form: EditorialForm<C>,
): Promise<string> {
  const account = await currentAccount();
  if (!account) throw new NotAuthenticatedError();
  const ref = await writeWithSession(() =>
    addDoc(collection(db(), name), {
      ...stored(form),
      created_by: account.uid,
      created_at: serverTimestamp(),
      updated_at: serverTimestamp(),
    }),
  );
  return ref.id;
}

/** Saves the form's fields over an item. */
export async function updateItem<C extends EditorialCollection>(
  name: C,
  id: string,
  form: EditorialForm<C>,
): Promise<void> {
  if (!(await currentAccount())) throw new NotAuthenticatedError();
  await writeWithSession(() =>
    updateDoc(doc(db(), name, id), { ...stored(form), updated_at: serverTimestamp() }),
  );
}

/** Deletes an item. */
export async function deleteItem(name: EditorialCollection, id: string): Promise<void> {
  if (!(await currentAccount())) throw new NotAuthenticatedError();
  await writeWithSession(() => deleteDoc(doc(db(), name, id)));
}

/** Audience sizes per recipient group, counted by the server as the send would count them. */
export function newsletterAudience(): Promise<CallOutcome<{ counts: Record<string, number> }>> {
  return callFunction('newsletterAudience', {});
}

/** Sends a newsletter to a group once; answers the number of recipients. */
export function sendNewsletter(
  newsletterId: string,
  group: string,
): Promise<CallOutcome<{ recipientCount: number; alreadySent: boolean }>> {
  return callFunction('sendNewsletter', { newsletterId, group });
}

/** The visitor newsletter subscribers as CSV (admins only). */
export function newsletterSubscribersCsv(): Promise<CallOutcome<{ csv: string; count: number }>> {
  return callFunction('newsletterSubscribersCsv', {});
}
