import type { ReactNode } from 'react';
import * as styles from './paged-table.css.js';

export interface Column<T> {
  readonly key: string;
  readonly header: string;
  readonly cell: (row: T) => ReactNode;
}

/** A plain table of rows by columns; `busy` dims it while newer rows are on their way. */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowTestId,
  busy = false,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  rowTestId: string;
  busy?: boolean;
}) {
  return (
    <div className={busy ? `${styles.tableWrap} ${styles.dimmed}` : styles.tableWrap} aria-busy={busy}>
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} className={styles.th} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId}>
              {columns.map((column) => (
                <td key={column.key} className={styles.td}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
