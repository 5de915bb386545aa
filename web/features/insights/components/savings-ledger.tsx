import type { InsightSummary } from '@common/contracts/insights';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCalendarDate, formatMoneyMinor, formatNumber } from '@/lib/format';
import { OPPORTUNITY_TYPE_LABELS } from '../labels';

type Figures = Pick<
  InsightSummary,
  'identifiedMinor' | 'inProgressMinor' | 'realizedFiscalYearMinor' | 'realizedAllTimeMinor'
>;

/** The four ledger figures as stat cards. */
export function LedgerFigures({ summary }: { summary: InsightSummary }) {
  const money = (minor: number) => formatMoneyMinor(minor, summary.currency);
  const cards = [
    {
      label: 'Identified',
      value: summary.identifiedMinor,
      hint: `${formatNumber(summary.openCount)} open, per year, overlaps counted once`,
    },
    { label: 'In progress', value: summary.inProgressMinor, hint: 'Being worked on, per year' },
    {
      label: 'Realized this fiscal year',
      value: summary.realizedFiscalYearMinor,
      hint: `Since ${formatCalendarDate(summary.fiscalYearStart)}`,
    },
    { label: 'Realized all time', value: summary.realizedAllTimeMinor, hint: 'Yearly savings made' },
  ];
  return (
    <section aria-label="Savings ledger" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
      {cards.map((card) => (
        <Card key={card.label} className="p-4 sm:p-5">
          <p className="text-sm font-medium text-muted-foreground">{card.label}</p>
          <p
            className="mt-2 truncate text-xl font-semibold tracking-tight tabular-nums sm:text-2xl"
            data-testid={`ledger-${card.label}`}
          >
            {money(card.value)}
          </p>
          <p className="mt-1 text-xs text-muted-foreground">{card.hint}</p>
        </Card>
      ))}
    </section>
  );
}

interface Row extends Figures {
  key: string;
  name: string;
  count: number;
}

/** One breakdown of the ledger (by type, owner or department). */
export function LedgerTable({ title, rows, currency }: { title: string; rows: Row[]; currency: string }) {
  const money = (minor: number) => formatMoneyMinor(minor, currency);
  return (
    <Card className="grid gap-2 p-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label={title}>
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead className="text-right">Count</TableHead>
                <TableHead className="text-right">Identified</TableHead>
                <TableHead className="text-right">In progress</TableHead>
                <TableHead className="text-right">Realized this year</TableHead>
                <TableHead className="text-right">Realized all time</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell className="font-medium whitespace-nowrap">{row.name}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatNumber(row.count)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.identifiedMinor)}</TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.inProgressMinor)}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {money(row.realizedFiscalYearMinor)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{money(row.realizedAllTimeMinor)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </Card>
  );
}

/** The ledger by type, by owner and by department. */
export function LedgerBreakdowns({ summary }: { summary: InsightSummary }) {
  const byType = summary.byType.map((r) => ({ ...r, key: r.type, name: OPPORTUNITY_TYPE_LABELS[r.type] }));
  const byOwner = summary.byOwner.map((r) => ({
    ...r,
    key: r.owner?.id ?? '-',
    name: r.owner?.name ?? 'No owner',
  }));
  const byDepartment = summary.byDepartment.map((r) => ({
    ...r,
    key: r.department ?? '-',
    name: r.department ?? 'No department',
  }));
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <LedgerTable title="By type" rows={byType} currency={summary.currency} />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 xl:grid-cols-2">
        <LedgerTable title="By owner" rows={byOwner} currency={summary.currency} />
        <LedgerTable title="By department" rows={byDepartment} currency={summary.currency} />
      </div>
    </div>
  );
}
