// Counts the Firestore document reads and writes a process makes, for the bench's
// invocation step (scripts/bench/invocations.mjs), by wrapping the Admin SDK's read
// and commit methods. Off unless FIRESTORE_OP_METER=1, which only `npm run bench` sets:
// production and the tests never load the wrappers.
//
// Counted as Firestore bills them: a document read per document asked for (a missing
// one too), a query's documents (at least one per query), one per aggregation, and
// one write per document written in a commit (a batch, a transaction or a single
// set/update/delete, which the SDK commits as a batch of one).
import { createRequire } from 'node:module';
import { join } from 'node:path';

/** Reads and writes counted since the last report. */
export interface OpCounts {
  reads: number;
  writes: number;
}

type Method = (this: unknown, ...args: unknown[]) => unknown;
type Proto = Record<string, Method>;

/** Wraps proto[name] so `count` sees each call's arguments and (awaited) result. */
function wrap(proto: Proto, name: string, count: (self: unknown, args: unknown[], result: unknown) => void) {
  const original = proto[name];
  if (typeof original !== 'function') throw new Error(`op meter: ${name} not found in the Firestore SDK`);
  proto[name] = function (this: unknown, ...args: unknown[]) {
    const result = original.apply(this, args);
    if (result instanceof Promise) return result.then((value) => (count(this, args, value), value));
    count(this, args, result);
    return result;
  };
}

/**
 * Installs the meter on the @google-cloud/firestore copy the Admin SDK uses (resolved
 * from the working directory, as the SDK's own import is) and calls `report` with
 * the counts after each burst of operations (100 ms without one).
 */
export function installOpMeter(report: (counts: OpCounts) => void): void {
  const load = createRequire(join(process.cwd(), 'op-meter.js'));
  const sdk = load('@google-cloud/firestore') as Record<string, { prototype: Proto }>;
  const { DocumentReference, Firestore, Query, Transaction, WriteBatch } = sdk as Record<
    string,
    { prototype: Proto } & (new (...args: never[]) => unknown)
  >;
  if (!DocumentReference || !Firestore || !Query || !Transaction || !WriteBatch)
    throw new Error('op meter: the Firestore SDK no longer exports the classes it wraps');
  const counts: OpCounts = { reads: 0, writes: 0 };
  let timer: NodeJS.Timeout | undefined;
  const add = (reads: number, writes: number) => {
    counts.reads += reads;
    counts.writes += writes;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      report({ ...counts });
      counts.reads = 0;
      counts.writes = 0;
    }, 100);
  };
  const refs = (args: unknown[]) => args.filter((arg) => arg instanceof DocumentReference).length;

  // Document reads outside transactions (DocumentReference.get goes through getAll).
  wrap(Firestore.prototype, 'getAll', (_self, args) => add(refs(args), 0));
  // Document reads inside transactions (queries there run through Query._get).
  wrap(Transaction.prototype, 'get', (_self, [target]) =>
    add(target instanceof DocumentReference ? 1 : 0, 0),
  );
  wrap(Transaction.prototype, 'getAll', (_self, args) => add(refs(args), 0));
  // Queries, in and out of transactions: their documents, at least one.
  wrap(Query.prototype, '_get', (_self, _args, value) => {
    const size = (value as { result?: { size?: number } } | undefined)?.result?.size ?? 0;
    add(Math.max(1, size), 0);
  });
  // Aggregations (count()): one read per query (up to 1,000 index entries). Their
  // class is not exported: wrapped the first time count() hands one out.
  let aggregateWrapped = false;
  wrap(Query.prototype, 'count', (_self, _args, aggregate) => {
    if (aggregateWrapped || typeof aggregate !== 'object' || aggregate === null) return;
    aggregateWrapped = true;
    wrap(Object.getPrototypeOf(aggregate) as Proto, '_get', () => add(1, 0));
  });
  // Commits of batches, transactions and single writes: one write per document.
  const commit = WriteBatch.prototype._commit;
  if (typeof commit !== 'function')
    throw new Error('op meter: WriteBatch._commit not found in the Firestore SDK');
  WriteBatch.prototype._commit = function (this: unknown, ...args: unknown[]) {
    add(0, (this as { _ops?: unknown[] })._ops?.length ?? 0);
    return commit.apply(this, args);
  };
}

/** The line each report prints, which the bench's log tally reads. */
export function opMeterLine({ reads, writes }: OpCounts): string {
  return `[op-meter] reads=${reads} writes=${writes}`;
}

/** Installs the meter, printing each report, when FIRESTORE_OP_METER=1. */
export function installOpMeterFromEnv(env: Record<string, string | undefined> = process.env): void {
  if (env.FIRESTORE_OP_METER !== '1') return;
  installOpMeter((counts) => console.log(opMeterLine(counts)));
}
