// One Firestore trigger per collection: the trigger reads the change once and runs
// the collection's handlers in order, each a plain function of the change that
// decides for itself whether the write concerns it (most return at once). One
// invocation per write instead of one per handler: each handler used to be its own
// function, so a saved book woke ten of them and their write-backs woke them all again.
//
// Handlers run one after another, in the order the collection lists them: a handler
// that writes derived fields to the document itself (books' author, listing and
// visibility fields) runs first and returns what it wrote, and the later handlers
// see the document as it now is.
//
// A failing handler is contained: the others still run, and the invocation succeeds,
// so the platform never delivers the event again and no handler runs twice because a
// neighbour failed. The failure goes to the admins' server failures. A handler whose
// work must happen (it asked for `retry`: visibility that must follow a hidden book or
// member, release alerts, kept import rows) is retried alone: its change, as it saw
// it, is kept in a retry record and a task queue runs that one handler again with
// backoff until it succeeds (handler-retries.ts). Only when the retry record itself
// cannot be written does the invocation fail, and then the platform's redelivery is
// the retry; every handler is idempotent (equality checks, recounts, claims), so that
// rare second run changes nothing.
import { onDocumentWritten, type Change, type DocumentSnapshot } from 'firebase-functions/v2/firestore';
import * as logger from 'firebase-functions/logger';

/** One write of one document, as the handlers see it. */
export interface DocChange {
  /** The document's id (the trigger's wildcard). */
  id: string;
  /** The event's id: the same on every redelivery of one write. */
  eventId: string;
  /** When the write happened. */
  time: Date;
  /** The document before the write; undefined when it was created. */
  before?: Record<string, unknown>;
  /** The document after the write; undefined when it was deleted. */
  after?: Record<string, unknown>;
}

/** What a handler may return: the fields it wrote to the changed document itself, for the handlers after it. */
export type HandlerResult = Record<string, unknown> | undefined | void;

/** One piece of work a collection's writes call for. */
export interface Handler {
  /** Its name in the log. */
  name: string;
  /** True when a failure must make the platform deliver the event again. */
  retry?: boolean;
  run(change: DocChange): Promise<HandlerResult>;
}

/** Whether the write created, updated or deleted the document. */
export function changeKind(change: Pick<DocChange, 'before' | 'after'>): 'created' | 'updated' | 'deleted' {
  if (change.before === undefined) return 'created';
  return change.after === undefined ? 'deleted' : 'updated';
}

/** What runHandlers does with a failed handler (the trigger records it and, for a retry handler, keeps it for the retry queue). */
export type OnHandlerFailure = (
  collection: string,
  handler: Handler,
  change: DocChange,
  error: unknown,
) => Promise<void>;

/**
 * Runs `handlers` on `change` in order (see the file comment). Returns the names of
 * the handlers that failed, each passed to `onFailure` (with the change as that
 * handler saw it); throws only when `onFailure` itself throws, after all ran.
 */
export async function runHandlers(
  collection: string,
  handlers: readonly Handler[],
  change: DocChange,
  onFailure: OnHandlerFailure = async () => {},
): Promise<string[]> {
  let current = change;
  const failed: string[] = [];
  let unhandled: unknown;
  for (const handler of handlers) {
    try {
      const wrote = await handler.run(current);
      if (wrote && current.after !== undefined)
        current = { ...current, after: { ...current.after, ...wrote } };
    } catch (error) {
      failed.push(handler.name);
      logger.error(`${collection} trigger: ${handler.name} failed`, {
        id: change.id,
        retry: handler.retry === true,
        error: error instanceof Error ? error.message : String(error),
      });
      try {
        await onFailure(collection, handler, current, error);
      } catch (problem) {
        if (unhandled === undefined) unhandled = problem;
      }
    }
  }
  if (unhandled !== undefined) throw unhandled;
  return failed;
}

/** The DocChange of a trigger event. */
export function docChange(
  id: string,
  eventId: string,
  time: string,
  data: Change<DocumentSnapshot> | undefined,
): DocChange {
  return {
    id,
    eventId,
    time: new Date(time),
    before: data?.before.exists ? data.before.data() : undefined,
    after: data?.after.exists ? data.after.data() : undefined,
  };
}

/**
 * The one trigger of `collection`: every write runs `handlers` (see the file
 * comment), their failures going to `onFailure`. The platform retries the
 * invocation only when `onFailure` could not keep a failed handler's retry.
 */
export function collectionTrigger(
  collection: string,
  handlers: readonly Handler[],
  onFailure: OnHandlerFailure,
) {
  return onDocumentWritten(
    { document: `${collection}/{id}`, retry: handlers.some((handler) => handler.retry === true) },
    async (event) => {
      await runHandlers(
        collection,
        handlers,
        docChange(event.params.id, event.id, event.time, event.data),
        onFailure,
      );
    },
  );
}
