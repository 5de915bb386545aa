import { TableHead, TableHeader, TableRow } from './table';

/** A column heading: its text, or the text with its class and whether only screen readers hear it. */
export type TableColumn = string | { label: string; className?: string; labelHidden?: boolean };

/** The header row of a plain table, one heading a column; a `false` entry leaves its column out. */
export function TableColumns({ columns }: { columns: ReadonlyArray<TableColumn | false> }) {
  return (
    <TableHeader>
      <TableRow>
        {columns.map((column) => {
          if (column === false) return null;
          const { label, className, labelHidden } = typeof column === 'string' ? { label: column } : column;
          return (
            <TableHead key={label} className={className}>
              {labelHidden ? <span className="sr-only">{label}</span> : label}
            </TableHead>
          );
        })}
      </TableRow>
    </TableHeader>
  );
}
