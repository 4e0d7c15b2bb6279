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
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { toDate?: unknown }).toDate === 'function'
  );
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

function safeParseDoc<S extends z.ZodType>(schema: S, id: string, data: unknown) {
  const plain = toPlainData(data ?? {});
  const input = isPlainObject(plain) ? { ...plain, id } : plain;
  return schema.safeParse(input);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
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
  const result = safeParseDoc(schema, id, data);
  if (result.success) return result.data;
  throw new Error(`Invalid ${collection}/${id}: ${describeIssues(result.error)}`);
}

/** A read document as both SDKs' snapshots expose it. */
export interface DocSnapshotLike {
  /** Document id. */
  id: string;
  /** Reference; its path names the document in the log. */
  ref: { path: string };
  /** The stored fields. */
  data(): unknown;
}

/**
 * Paths of the malformed documents already reported by this process. Pages render
 * the same documents over and over; one line per bad document is enough to find
 * and repair it, and keeps the log readable.
 */
const reportedPaths = new Set<string>();

/**
 * Parses a read document, or returns null when it does not match the schema,
 * logging its path and the problems the first time this process meets it. A
 * malformed document (written before a rule was tightened, or by a migration)
 * must not take a page or a whole list down with it: lists leave it out and
 * single reads treat it as missing.
 */
export function tryParseDoc<S extends z.ZodType>(schema: S, snapshot: DocSnapshotLike): z.output<S> | null {
  const result = safeParseDoc(schema, snapshot.id, snapshot.data());
  if (result.success) return result.data;
  reportInvalidDoc(snapshot.ref.path, describeIssues(result.error));
  return null;
}

/** Logs that the document at `path` was left out because of `problems`, once per document per process. */
export function reportInvalidDoc(path: string, problems: string): void {
  if (reportedPaths.has(path)) return;
  reportedPaths.add(path);
  console.error(`Left out invalid document ${path}: ${problems}`);
}

/** Parses a list of read documents in order, leaving out (and logging once) those that do not match the schema. */
export function parseDocs<S extends z.ZodType>(
  schema: S,
  snapshots: Iterable<DocSnapshotLike>,
): z.output<S>[] {
  const parsed: z.output<S>[] = [];
  for (const snapshot of snapshots) {
    const entity = tryParseDoc(schema, snapshot);
    if (entity !== null) parsed.push(entity);
  }
  return parsed;
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
