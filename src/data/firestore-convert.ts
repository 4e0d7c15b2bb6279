import type { z } from 'zod';

/**
 * SDK-neutral conversion between Firestore documents and domain entities.
 * Both the web SDK and the Admin SDK return Timestamps with a toDate() method
 * and accept Date on write, so nothing here needs to import Firebase.
 */

/** Anything Timestamp-like: both SDKs' Timestamps have toDate(). */
interface DateConvertible {
  toDate(): Date;
}

function isDateConvertible(value: unknown): value is DateConvertible {
  return typeof value === 'object' && value !== null && typeof (value as { toDate?: unknown }).toDate === 'function';
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Deeply replaces every Timestamp-like value (anything with toDate()) by a Date; other values are kept. */
export function toPlainData(value: unknown): unknown {
  if (isDateConvertible(value)) return value.toDate();
  if (Array.isArray(value)) return value.map(toPlainData);
  if (isPlainObject(value)) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toPlainData(inner)]));
  }
  return value;
}

/**
 * Parses a document's data into an entity, adding `id`. A document that does
 * not match the schema throws, naming the collection (the schema's
 * description, or `collection`) and id, so bad data fails loudly in one place.
 */
export function parseDoc<S extends z.ZodType>(
  schema: S,
  id: string,
  data: unknown,
  collection: string = schema.description ?? 'document',
): z.output<S> {
  const plain = toPlainData(data ?? {});
  const input = isPlainObject(plain) ? { ...plain, id } : plain;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  throw new Error(`Invalid ${collection}/${id}: ${issues}`);
}

/** Removes undefined entries everywhere (Firestore rejects undefined unless told to ignore it). */
function withoutUndefined(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((item) => item !== undefined).map(withoutUndefined);
  if (isPlainObject(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, inner]) => inner !== undefined)
        .map(([key, inner]) => [key, withoutUndefined(inner)]),
    );
  }
  return value;
}

/** Entity fields as written: no id (it is the document id) and no undefined values. */
export type WriteData<T> = { [K in keyof Omit<T, 'id'>]: Exclude<Omit<T, 'id'>[K], undefined> };

/** Prepares an entity for writing: drops `id` and every undefined value, deeply; Dates stay Dates (both SDKs store them as Timestamps). */
export function toWriteData<T extends object>(entity: T): WriteData<T> {
  const { id: _id, ...rest } = entity as T & { id?: unknown };
  return withoutUndefined(rest) as WriteData<T>;
}
