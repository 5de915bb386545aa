import { AlertCircle } from 'lucide-react';
import type { ImportPreview } from '@common/contracts/expenses';
import type { ImportDecision, ImportDecisions } from '@common/contracts/import-existing';
import { ExistingRows } from '@/components/imports/existing-rows';
import { RowErrors } from '@/components/imports/row-errors';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoneyMinor, formatNumber } from '@/lib/format';

interface Props {
  preview: ImportPreview;
  decisions: ImportDecisions;
  onDefault: (choice: ImportDecision) => void;
  onRow: (line: number, choice: ImportDecision) => void;
  /** How many rows the import would store (new ones and matched ones to create anyway). */
  importable: number;
  skipInvalid: boolean;
  onSkipInvalid: (value: boolean) => void;
}

const SHOWN = 20;

/** What will be imported: counts, row errors, rows already booked (each with a choice) and the first rows. */
export function ImportPreviewStep({ preview, decisions, onDefault, onRow, importable, skipInvalid, onSkipInvalid }: Props) {
  const { counts } = preview;
  const stats: Array<[string, number]> = [
    ['Rows', counts.rows],
    ['To import', importable],
    ['Matched', counts.matched],
    ['Duplicates', counts.duplicates],
    ['Errors', counts.errors],
    ['Skipped (money in, blank)', counts.skipped],
  ];
  return (
    <div className="grid gap-4">
      <dl className="grid grid-cols-3 gap-2 sm:grid-cols-6" data-testid="import-counts">
        {stats.map(([label, value]) => (
          <div key={label} className="rounded-md border px-3 py-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-lg font-semibold tabular-nums">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
      {preview.totals.length > 0 && (
        <p className="text-sm text-muted-foreground">
          {preview.dateRange && `${preview.dateRange.from} to ${preview.dateRange.to} · `}
          {preview.totals.map((t) => formatMoneyMinor(t.amountMinor, t.currency)).join(' + ')}
        </p>
      )}
      {counts.errors > 0 && (
        <div className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3">
          <p className="flex items-center gap-2 text-sm font-medium text-destructive">
            <AlertCircle className="size-4" /> {formatNumber(counts.errors)} {counts.errors === 1 ? 'row' : 'rows'} cannot be read
          </p>
          <RowErrors errors={preview.errors} />
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={skipInvalid} onChange={(e) => onSkipInvalid(e.target.checked)} className="accent-primary" />
            Skip these rows and import the rest
          </label>
        </div>
      )}
      <ExistingRows
        rows={preview.duplicates.map((d) => ({
          ...d,
          row: d.line,
          title: `${d.date} ${d.merchant} ${formatMoneyMinor(d.amountMinor, d.currency)}`,
        }))}
        total={counts.duplicates}
        decisions={decisions}
        onDefault={onDefault}
        onRow={onRow}
        rowWord="line"
      />
      <div className="max-h-64 overflow-auto rounded-md border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>Date</TableHead>
              <TableHead>Merchant</TableHead>
              <TableHead>Application</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {preview.rows.slice(0, SHOWN).map((row) => (
              <TableRow key={row.line} className={row.existing || row.duplicateOfRow !== null ? 'opacity-50' : undefined}>
                <TableCell className="whitespace-nowrap py-1.5 text-xs">{row.date}</TableCell>
                <TableCell className="max-w-56 truncate py-1.5 text-xs" title={row.merchant}>
                  {row.merchantName}
                </TableCell>
                <TableCell className="py-1.5 text-xs">{row.subscriptionName ?? <span className="text-muted-foreground">Unmatched</span>}</TableCell>
                <TableCell className="py-1.5 text-right text-xs tabular-nums">{formatMoneyMinor(row.amountMinor, row.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
