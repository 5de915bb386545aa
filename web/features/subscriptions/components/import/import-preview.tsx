import { IMPORT_FIELD_LABELS, type ImportPreviewRow } from '@common/contracts/imports';
import type { ImportRowError } from '@common/contracts/import-rows';
import { formatMoney } from '@common/money';
import { matchText } from '@/components/imports/existing-rows';
import { RowErrors } from '@/components/imports/row-errors';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';

interface ImportPreviewProps {
  totalRows: number;
  invalidRows: number;
  rows: ImportPreviewRow[];
  errors: ImportRowError[];
}

/** The rows as they would be stored, and every bad row with its reasons. */
export function ImportPreviewTable({ totalRows, invalidRows, rows, errors }: ImportPreviewProps) {
  return (
    <div className="grid gap-3">
      <p className="text-sm" aria-live="polite">
        <strong>{totalRows - invalidRows}</strong> of {totalRows} rows are ready to import
        {invalidRows > 0 && (
          <>
            , <strong className="text-destructive">{invalidRows}</strong> {invalidRows === 1 ? 'has' : 'have'}{' '}
            problems
          </>
        )}
        .
      </p>
      <RowErrors errors={errors} labels={IMPORT_FIELD_LABELS} label="Rows with problems" />
      <div className="max-h-64 overflow-y-auto rounded-md border">
        <Table className="text-xs">
          <TableColumns columns={['Row', 'Name', 'Vendor', 'Cost', 'Cycle', 'Renewal', 'Owner']} />
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.row}
                className={row.errors.length ? 'bg-destructive/5' : undefined}
                data-invalid={row.errors.length > 0 || undefined}
              >
                <TableCell className="py-1.5">{row.row}</TableCell>
                <TableCell className="py-1.5">
                  {row.name ?? '—'}
                  {matchText(row) && <div className="text-muted-foreground">{matchText(row)}</div>}
                </TableCell>
                <TableCell className="py-1.5">{row.vendor ?? '—'}</TableCell>
                <TableCell className="py-1.5 tabular-nums">
                  {row.amountMinor !== null ? formatMoney(row.amountMinor, row.currency ?? 'USD') : '—'}
                </TableCell>
                <TableCell className="py-1.5">{row.billingCycle ?? '—'}</TableCell>
                <TableCell className="py-1.5">{row.nextRenewalDate ?? '—'}</TableCell>
                <TableCell className="py-1.5">{row.ownerEmail ?? '—'}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
