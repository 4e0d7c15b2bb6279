import AsyncContent from './AsyncContent.tsx';
import DataTable, { type Column } from './DataTable.tsx';
import { useAsync } from './use-async.ts';

interface Props<Row extends { id: string }> {
  /** Reads the records, newest first. */
  load: () => Promise<Row[]>;
  /** Loads again whenever this changes. */
  refreshKey: number;
  /** Logged with the error when the load fails. */
  failureLog: string;
  /** Announced while loading, on failure, and when there are no records. */
  loading: string;
  failed: string;
  empty: string;
  /** What the table lists, for screen readers. */
  caption: string;
  columns: readonly Column<Row>[];
}

/** A read-only table of records loaded on mount and on every new `refreshKey` (the audit log, server failures). */
export default function AsyncTable<Row extends { id: string }>({
  load,
  refreshKey,
  failureLog,
  loading,
  failed,
  empty,
  caption,
  columns,
}: Props<Row>) {
  const [rows] = useAsync(load, [refreshKey], failureLog);
  return (
    <AsyncContent state={rows} loading={loading} failed={failed} empty={empty}>
      {(list) => <DataTable caption={caption} columns={columns} rows={list} />}
    </AsyncContent>
  );
}
