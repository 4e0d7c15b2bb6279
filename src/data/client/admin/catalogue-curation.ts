/**
 * The librarians' tools (src/domain/admin/catalogue-curation.ts) for the browser: whether
 * the signed-in member is a librarian (their own librarians/{uid}, which the rules let
 * them read), the curateCatalogue callable narrowed to each action's answer, and the
 * dashboard's adminLibrarians. Loaded lazily.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import type {
  AdminLibrariansResponse,
  CatalogueBookEditInput,
  CurateCatalogueResults,
} from '../../../domain/admin/catalogue-curation.ts';
import { LIBRARIANS_COLLECTION } from '../../../domain/admin/catalogue-curation.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

/** True when `uid` is a librarian (false when the read is refused or fails). */
export async function isLibrarian(uid: string): Promise<boolean> {
  try {
    return (await getDoc(doc(db(), LIBRARIANS_COLLECTION, uid))).exists();
  } catch {
    return false;
  }
}

async function curate<A extends keyof CurateCatalogueResults>(
  request: Parameters<typeof callFunction<'curateCatalogue'>>[1] & { action: A },
): Promise<CallOutcome<CurateCatalogueResults[A]>> {
  return (await callFunction('curateCatalogue', request)) as CallOutcome<CurateCatalogueResults[A]>;
}

/** Whether the signed-in person curates the catalogue (an admin or a librarian). */
export const curatorStatus = () => curate({ action: 'status' });
/** Hand-added books awaiting review. */
export const reviewQueue = () => curate({ action: 'queue' });
/** Saves an edit of a catalogue book. */
export const editBook = (bookId: string, book: CatalogueBookEditInput) =>
  curate({ action: 'edit', bookId, book });
/** Marks a hand-added book reviewed. */
export const markReviewed = (bookId: string) => curate({ action: 'review', bookId });
/** Merges `mergeId` (an id or a page's address) into `keepId`. */
export const mergeBooks = (keepId: string, mergeId: string) => curate({ action: 'merge', keepId, mergeId });
/** Moves the editions at `editions` to a new book. */
export const splitBook = (bookId: string, editions: number[], editionCount: number) =>
  curate({ action: 'split', bookId, editions, editionCount });

/** The librarians now. */
export function listLibrarians(): Promise<CallOutcome<AdminLibrariansResponse>> {
  return callFunction('adminLibrarians', { action: 'list' });
}
/** Makes (true) or un-makes (false) a member, by uid or address, a librarian. */
export function setLibrarian(
  member: string,
  librarian: boolean,
): Promise<CallOutcome<AdminLibrariansResponse>> {
  return callFunction('adminLibrarians', { action: 'set', member, librarian });
}
