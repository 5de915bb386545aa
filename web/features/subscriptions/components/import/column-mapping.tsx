import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
} from '@common/contracts/imports';
import { NativeSelect } from '@/components/ui/input';

/** Field mapped to a column index, or null. */
function fieldOf(mapping: ImportMapping, index: number): ImportField | null {
  return IMPORT_FIELDS.find((field) => mapping[field] === index) ?? null;
}

/** One select per CSV column: which application field it fills (or ignore). */
export function ColumnMapping({
  columns,
  mapping,
  onChange,
}: {
  columns: ImportPreview['columns'];
  mapping: ImportMapping;
  onChange: (next: ImportMapping) => void;
}) {
  const assign = (index: number, field: string) => {
    const next: ImportMapping = { ...mapping };
    for (const f of IMPORT_FIELDS) if (next[f] === index) next[f] = null;
    const chosen = IMPORT_FIELDS.find((f) => f === field);
    if (chosen) next[chosen] = index;
    onChange(next);
  };
  return (
    <div className="grid max-h-56 gap-2 overflow-y-auto sm:grid-cols-2">
      {columns.map((column) => (
        <label key={column.index} className="grid gap-0.5 text-xs">
          <span className="font-medium">
            {column.header || `Column ${column.index + 1}`}
            {column.samples[0] && (
              <span className="ml-1 font-normal text-muted-foreground">e.g. {column.samples[0]}</span>
            )}
          </span>
          <NativeSelect
            aria-label={`Map column ${column.header || column.index + 1}`}
            className="h-8 text-xs"
            value={fieldOf(mapping, column.index) ?? ''}
            onChange={(event) => assign(column.index, event.target.value)}
          >
            <option value="">Don't import</option>
            {IMPORT_FIELDS.map((field) => (
              <option key={field} value={field}>
                {IMPORT_FIELD_LABELS[field]}
              </option>
            ))}
          </NativeSelect>
        </label>
      ))}
    </div>
  );
}
