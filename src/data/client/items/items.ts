/**
 * What the book and product/service editors read and call: one item by id
 * (rules let anyone read an active item, and its owner and admins an inactive
 * one), and the callables that save and delete items. Every answer is parsed
 * with the contract's schemas, so the editors only ever handle valid data.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { bookSchema, type Book } from '../../../domain/books/book.ts';
import {
  saveItemResponseSchema,
  type SaveBookRequest,
  type SaveItemResponse,
  type SaveProductServiceRequest,
} from '../../../domain/items/item-save.ts';
import { productServiceSchema, type ProductService } from '../../../domain/items/product-service.ts';
import { parseDoc, parseDocs } from '../../firestore-convert.ts';
import { callFunction, type CallOutcome } from '../shared/callable.ts';
import { db } from '../shared/firestore.ts';

/** The book `id`, or null when it does not exist or this person may not read it. A malformed book throws. */
export async function loadBook(id: string): Promise<Book | null> {
  try {
    const snapshot = await getDoc(doc(db(), 'books', id));
    return snapshot.exists() ? parseDoc(bookSchema, snapshot.id, snapshot.data()) : null;
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return null;
    throw error;
  }
}

/** The product/service `id`, or null when it does not exist or this person may not read it. */
export async function loadProductService(id: string): Promise<ProductService | null> {
  try {
    const snapshot = await getDoc(doc(db(), 'products_services', id));
    return snapshot.exists() ? parseDoc(productServiceSchema, snapshot.id, snapshot.data()) : null;
  } catch (error) {
    if ((error as { code?: string }).code === 'permission-denied') return null;
    throw error;
  }
}

/** A save's answer checked against the contract (an unexpected answer is a failure, never trusted). */
export function parsedSave(outcome: CallOutcome<unknown>): CallOutcome<SaveItemResponse> {
  if (!outcome.ok) return outcome;
  const result = saveItemResponseSchema.safeParse(outcome.data);
  return result.success
    ? { ok: true, data: result.data }
    : { ok: false, code: 'internal', message: 'The server sent an unexpected answer.' };
}

/** Creates or saves a book. */
export async function saveBook(request: SaveBookRequest): Promise<CallOutcome<SaveItemResponse>> {
  return parsedSave(await callFunction('saveBook', request));
}

/** Deletes a book. */
export async function deleteBook(id: string): Promise<CallOutcome<unknown>> {
  return callFunction('deleteBook', { id });
}

/** Creates or saves a product/service. */
export async function saveProductService(
  request: SaveProductServiceRequest,
): Promise<CallOutcome<SaveItemResponse>> {
  return parsedSave(await callFunction('saveProductService', request));
}

/** Deletes a product/service. */
export async function deleteProductService(id: string): Promise<CallOutcome<unknown>> {
  return callFunction('deleteProductService', { id });
}

/** Every product/service of `userId`, inactive ones included, oldest first (the rules allow the owner and admins this query). */
export async function loadMemberProducts(userId: string): Promise<ProductService[]> {
  const { collection, getDocs, query, where } = await import('firebase/firestore/lite');
  const snapshot = await getDocs(
    query(collection(db(), 'products_services'), where('user_id', '==', userId)),
  );
  return parseDocs(productServiceSchema, snapshot.docs).sort(
    (a, b) => a.created_at.getTime() - b.created_at.getTime(),
  );
}

/** Every book of `userId`, inactive ones included, oldest first (the rules allow the owner and admins this query). */
export async function loadMemberBooks(userId: string): Promise<Book[]> {
  const { collection, getDocs, query, where } = await import('firebase/firestore/lite');
  const snapshot = await getDocs(query(collection(db(), 'books'), where('user_id', '==', userId)));
  return parseDocs(bookSchema, snapshot.docs).sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}
