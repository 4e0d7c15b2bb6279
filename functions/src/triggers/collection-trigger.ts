// One Firestore trigger per collection: the trigger reads the change once and runs
// the collection's handlers in order, each a plain function of the change that
// decides for itself whether the write concerns it (most return at once). One
// invocation per write instead of one per handler: each handler used to be its own
// function, so a saved book woke ten of them and their write-backs woke them all again.
//
// Handlers run one after another, in the order the collection lists them: a handler
// that writes derived fields to the document itself (books' author, listing and
// visibility fields) runs first and returns what it wrote, and the later handlers
// see the document as it now is. A failing handler does not stop the others; it is
// logged, and when it asked for retries (release alerts: a release that died before
// queuing every batch must be queued again) the invocation fails after all handlers
// ran, so the platform delivers the event again. Every handler is idempotent (equality
// checks, recounts, claims), so a redelivery runs the others again harmlessly.
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

/**
 * Runs `handlers` on `change` in order (see the file comment). Returns the names of
 * the handlers that failed; throws after all ran when one that asked for retries failed.
 */
export async function runHandlers(
  collection: string,
  handlers: readonly Handler[],
  change: DocChange,
): Promise<string[]> {
  let current = change;
  const failed: string[] = [];
  let retryError: unknown;
  for (const handler of handlers) {
    try {
      const wrote = await handler.run(current);
      if (wrote && current.after !== undefined)
        current = { ...current, after: { ...current.after, ...wrote } };
    } catch (error) {
      failed.push(handler.name);
      logger.error(`${collection} trigger: ${handler.name} failed`, {
        id: change.id,
        error: error instanceof Error ? error.message : String(error),
      });
      if (handler.retry && retryError === undefined) retryError = error;
    }
  }
  if (retryError !== undefined) throw retryError;
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

/** The one trigger of `collection`: every write runs `handlers` (see the file comment). */
export function collectionTrigger(collection: string, handlers: readonly Handler[]) {
  return onDocumentWritten(
    { document: `${collection}/{id}`, retry: handlers.some((handler) => handler.retry === true) },
    async (event) => {
      await runHandlers(collection, handlers, docChange(event.params.id, event.id, event.time, event.data));
    },
  );
}
