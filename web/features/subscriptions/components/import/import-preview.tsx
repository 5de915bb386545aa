import { AlertTriangle } from 'lucide-react';
import type { ImportPreviewRow, ImportRowProblem } from '@common/contracts/imports';
import { formatMoney } from '@common/money';
import { matchText } from '@/components/imports/existing-rows';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

interface ImportPreviewProps {
  totalRows: number;
  invalidRows: number;
  rows: ImportPreviewRow[];
  problems: ImportRowProblem[];
}

/** The rows as they would be stored, and every bad row with its reasons. */
export function ImportPreviewTable({ totalRows, invalidRows, rows, problems }: ImportPreviewProps) {
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
      {problems.length > 0 && (
        <div
          role="region"
          aria-label="Rows with problems"
          className="max-h-40 overflow-y-auto rounded-md border border-destructive/40 bg-destructive/5 p-3"
        >
          <ul className="grid gap-1 text-xs">
            {problems.map((problem) => (
              <li key={problem.row} className="flex gap-1.5">
                <AlertTriangle className="mt-0.5 size-3 shrink-0 text-destructive" aria-hidden />
                <span>
                  Row {problem.row}
                  {problem.name ? ` (${problem.name})` : ''}:{' '}
                  {problem.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="max-h-64 overflow-y-auto rounded-md border">
        <Table className="text-xs">
          <TableHeader>
            <TableRow>
              <TableHead>Row</TableHead>
              <TableHead>Name</TableHead>
              <TableHead>Vendor</TableHead>
              <TableHead>Cost</TableHead>
              <TableHead>Cycle</TableHead>
              <TableHead>Renewal</TableHead>
              <TableHead>Owner</TableHead>
            </TableRow>
          </TableHeader>
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
