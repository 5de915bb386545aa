import { AlertTriangle } from 'lucide-react';
import type { ImportRowError } from '@common/contracts/import-rows';

/** Field labels an importer shows instead of its field names. */
export type FieldLabels = Partial<Record<string, string>>;

/** "lastSeen" → "Last seen", for fields an importer gives no label. */
const humanize = (field: string) => {
  const words = field.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** "Line 4 · Amount: not a number", or "Line 4: …" for a problem with the whole row. */
export function rowErrorText(error: ImportRowError, labels: FieldLabels = {}) {
  const field = error.field === null ? '' : ` · ${labels[error.field] ?? humanize(error.field)}`;
  return `Line ${error.line}${field}: ${error.message}`;
}

interface RowErrorsProps {
  errors: ImportRowError[];
  labels?: FieldLabels;
  /** The list's accessible name. */
  label?: string;
  /** Inside a table cell: no box around the list. */
  inline?: boolean;
}

/** Every importer's row errors, one per line, the same way in every wizard. */
export function RowErrors({ errors, labels, label = 'Rows with errors', inline = false }: RowErrorsProps) {
  if (errors.length === 0) return null;
  return (
    <ul
      aria-label={label}
      className={
        inline
          ? 'grid gap-1 text-xs text-destructive'
          : 'grid max-h-40 gap-1 overflow-y-auto rounded-md border border-destructive/40 bg-destructive/5 p-3 text-xs'
      }
    >
      {errors.map((error, index) => (
        <li key={`${error.line}-${index}`} className="flex gap-1.5">
          <AlertTriangle className="mt-0.5 size-3 shrink-0 text-destructive" aria-hidden />
          <span>{rowErrorText(error, labels)}</span>
        </li>
      ))}
    </ul>
  );
}
