import { Grid3x3 } from 'lucide-react';
import { Link } from 'react-router';
import {
  ANALYTICS_DIMENSION_LABELS,
  ANALYTICS_DIMENSIONS,
  type AnalyticsDimension,
  type AnalyticsPivotQuery,
  type AnalyticsPivotResponse,
} from '@common/contracts/analytics';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { NativeSelect } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { ledgerHref } from '@/lib/ledger-link';
import { UnconvertedNote } from '@/components/fx/lazy-unconverted-note';
import { errorMessage } from '@/lib/api-client';
import { usePivot } from '../api/get-pivot';
import { money } from './money';

const PIVOT_DIMENSIONS = ANALYTICS_DIMENSIONS.filter((d) => d !== 'none');
type Header = AnalyticsPivotResponse['rows'][number];

interface Props {
  query: AnalyticsPivotQuery;
  onChange: (change: { rows?: AnalyticsDimension; columns?: AnalyticsDimension }) => void;
}

/** Scale: spend cut by two dimensions at once, shaded by size; every cell opens its charges. */
export function PivotTab({ query, onChange }: Props) {
  const pivot = usePivot(query);
  const data = pivot.data;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3 space-y-0">
        <CardTitle>Pivot</CardTitle>
        <div className="flex flex-wrap gap-3">
          <DimensionSelect
            id="pivot-rows"
            label="Rows"
            value={query.rows}
            onChange={(rows) => onChange({ rows })}
          />
          <DimensionSelect
            id="pivot-columns"
            label="Columns"
            value={query.columns}
            onChange={(columns) => onChange({ columns })}
          />
        </div>
      </CardHeader>
      <CardContent className="grid gap-2">
        {pivot.isPending ? (
          <Spinner />
        ) : !data ? (
          <p className="text-sm text-muted-foreground">
            The pivot could not be loaded: {errorMessage(pivot.error)}
          </p>
        ) : data.rows.length === 0 || data.columns.length === 0 ? (
          <EmptyState
            icon={Grid3x3}
            title="No spend in this range"
            description="Pick another range or grouping."
          />
        ) : (
          <>
            <PivotTable data={data} allocation={{ entityId: query.entityId, brandId: query.brandId }} />
            <UnconvertedNote
              total={{ currency: data.currency, amountMinor: data.totalMinor, unconverted: data.unconverted }}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DimensionSelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: AnalyticsDimension;
  onChange: (value: AnalyticsDimension) => void;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      <NativeSelect
        id={id}
        className="w-44"
        value={value}
        onChange={(e) => onChange(e.target.value as AnalyticsDimension)}
      >
        {PIVOT_DIMENSIONS.map((d) => (
          <option key={d} value={d}>
            {ANALYTICS_DIMENSION_LABELS[d]}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * The filters of a cell: both headers' drills. "Other" on both sides would need two exclusions the
 * ledger cannot combine: that one cell (and a header without a drill) has none.
 */
function cellDrill(row: Header | null, column: Header | null): Record<string, string> | null {
  const r = row ? row.drill : {};
  const c = column ? column.drill : {};
  if (!r || !c || ('exceptBy' in r && 'exceptBy' in c)) return null;
  return { ...r, ...c };
}

/** A figure linked to the ledger behind it, when it has a drill. */
function Linked({
  drill,
  period,
  allocation,
  label,
  children,
}: {
  drill: Record<string, string> | null;
  period: { from: string; to: string };
  allocation: { entityId?: string; brandId?: string };
  label: string;
  children: string;
}) {
  return drill ? (
    <Link
      to={ledgerHref(drill, period, allocation)}
      className="hover:underline"
      aria-label={`${label}: ${children}`}
    >
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}

function PivotTable({
  data,
  allocation,
}: {
  data: AnalyticsPivotResponse;
  allocation: { entityId?: string; brandId?: string };
}) {
  const max = Math.max(1, ...data.cells.flat());
  const period = { from: data.from, to: data.to };
  return (
    <div className="overflow-x-auto">
      <Table data-testid="pivot-table">
        <caption className="sr-only">
          Actual spend in {data.currency}; darker cells are larger; each figure opens the expenses behind it
        </caption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col" />
            {data.columns.map((c) => (
              <TableHead key={c.key || 'none'} scope="col" className="text-right">
                {c.label}
              </TableHead>
            ))}
            <TableHead scope="col" className="text-right">
              Total
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.rows.map((row, r) => (
            <TableRow key={row.key || 'none'}>
              <TableHead scope="row">{row.label}</TableHead>
              {data.columns.map((column, c) => {
                const value = data.cells[r]?.[c] ?? 0;
                const drill = cellDrill(row, column);
                const text = money(value, data.currency);
                return (
                  <TableCell
                    key={column.key || 'none'}
                    className="text-right tabular-nums"
                    // Shade by share of the largest cell: a heat map that still reads as numbers.
                    style={
                      value > 0
                        ? { backgroundColor: `rgb(99 102 241 / ${(0.08 + (value / max) * 0.5).toFixed(2)})` }
                        : undefined
                    }
                  >
                    {drill && value !== 0 ? (
                      <Link
                        to={ledgerHref(drill, period, allocation)}
                        className="hover:underline"
                        aria-label={`${row.label}, ${column.label}: ${text}`}
                      >
                        {text}
                      </Link>
                    ) : (
                      text
                    )}
                  </TableCell>
                );
              })}
              <TableCell className="text-right font-medium tabular-nums">
                <Linked
                  drill={cellDrill(row, null)}
                  period={period}
                  allocation={allocation}
                  label={`${row.label}, total`}
                >
                  {money(data.rowTotals[r] ?? 0, data.currency)}
                </Linked>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <tfoot className="border-t bg-muted/40 font-medium">
          <TableRow>
            <TableHead scope="row">Total</TableHead>
            {data.columnTotals.map((total, c) => (
              <TableCell key={data.columns[c]?.key || `none-${c}`} className="text-right tabular-nums">
                <Linked
                  drill={data.columns[c] ? cellDrill(null, data.columns[c]) : null}
                  period={period}
                  allocation={allocation}
                  label={`Total, ${data.columns[c]?.label ?? ''}`}
                >
                  {money(total, data.currency)}
                </Linked>
              </TableCell>
            ))}
            <TableCell className="text-right font-semibold tabular-nums">
              <Linked drill={{}} period={period} allocation={allocation} label="Total">
                {money(data.totalMinor, data.currency)}
              </Linked>
            </TableCell>
          </TableRow>
        </tfoot>
      </Table>
    </div>
  );
}
