/**
 * A read-only table of records (the audit log, server failures): a hidden
 * caption naming it, one header cell per column, one row per record.
 */
import type { ReactNode } from 'react';

/** One column: its header and how a record fills its cell. */
export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Extra classes of the cell ('font-mono', 'break-all'). */
  className?: string;
}

interface Props<Row extends { id: string }> {
  /** What the table lists, for screen readers. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
}

const CELL = 'border-b border-line p-2';

export default function DataTable<Row extends { id: string }>({ caption, columns, rows }: Props<Row>) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left">
          {columns.map((column) => (
            <th key={column.header} scope="col" className={CELL}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((column) => (
              <td key={column.header} className={column.className ? `${CELL} ${column.className}` : CELL}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
