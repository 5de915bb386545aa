import { ArrowDown, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ProductApplication } from '@common/contracts/product-analytics';
import { Badge } from '@/components/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoneyMinor } from '@/lib/format';
import { percentText } from './format';

type SortKey =
  'name' | 'usagePct' | 'assigned' | 'active' | 'monthlyCostMinor' | 'costPerActiveMinor' | 'unusedCostMinor';

const COLUMNS: Array<{ key: SortKey; label: string; numeric: boolean }> = [
  { key: 'name', label: 'Application', numeric: false },
  { key: 'usagePct', label: 'Utilisation', numeric: false },
  { key: 'assigned', label: 'Assigned / purchased', numeric: true },
  { key: 'active', label: 'Active', numeric: true },
  { key: 'monthlyCostMinor', label: 'Monthly cost', numeric: true },
  { key: 'costPerActiveMinor', label: 'Per active user', numeric: true },
  { key: 'unusedCostMinor', label: 'Unused seats cost', numeric: true },
];

/** Unknown values (no rate, no seats) sort last whichever way. */
function compare(a: ProductApplication, b: ProductApplication, key: SortKey, direction: 1 | -1): number {
  if (key === 'name') return direction * a.name.localeCompare(b.name);
  const x = a[key];
  const y = b[key];
  if (x === null && y === null) return a.name.localeCompare(b.name);
  if (x === null) return 1;
  if (y === null) return -1;
  return direction * (x - y) || a.name.localeCompare(b.name);
}

function UsageBar({ value }: { value: number | null }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-2 w-24 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="h-full rounded-full bg-primary" style={{ width: `${Math.min(100, value ?? 0)}%` }} />
      </div>
      <span className="tabular-nums">{percentText(value)}</span>
    </div>
  );
}

/** Paid applications, sortable by any column; each links to its application page. */
export function UtilisationTable({
  applications,
  currency,
}: {
  applications: ProductApplication[];
  currency: string;
}) {
  const [sort, setSort] = useState<{ key: SortKey; direction: 1 | -1 }>({
    key: 'unusedCostMinor',
    direction: -1,
  });
  const rows = [...applications].sort((a, b) => compare(a, b, sort.key, sort.direction));
  const money = (v: number | null) => (v === null ? '—' : formatMoneyMinor(v, currency));
  const toggle = (key: SortKey) =>
    setSort((s) =>
      s.key === key
        ? { key, direction: s.direction === 1 ? -1 : 1 }
        : { key, direction: key === 'name' ? 1 : -1 },
    );
  return (
    <Table>
      <TableHeader>
        <TableRow>
          {COLUMNS.map((c) => (
            <TableHead
              key={c.key}
              className={c.numeric ? 'text-right' : undefined}
              aria-sort={sort.key === c.key ? (sort.direction === 1 ? 'ascending' : 'descending') : 'none'}
            >
              <button
                type="button"
                className="inline-flex items-center gap-1 hover:underline"
                onClick={() => toggle(c.key)}
              >
                {c.label}
                {sort.key === c.key &&
                  (sort.direction === 1 ? <ArrowUp className="size-3" /> : <ArrowDown className="size-3" />)}
              </button>
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((a) => (
          <TableRow key={a.subscriptionId} data-testid="utilisation-row">
            <TableCell>
              <Link to={`/app/subscriptions/${a.subscriptionId}`} className="font-medium hover:underline">
                {a.name}
              </Link>
              {!a.hasUsageData && (
                <Badge variant="outline" className="ml-2" title="No usage import or attestation yet">
                  No usage data
                </Badge>
              )}
            </TableCell>
            <TableCell>
              <UsageBar value={a.usagePct} />
            </TableCell>
            <TableCell className="text-right tabular-nums">
              {a.assigned} / {a.purchased ?? 'unlimited'}
            </TableCell>
            <TableCell className="text-right tabular-nums">{a.active}</TableCell>
            <TableCell className="text-right tabular-nums">{money(a.monthlyCostMinor)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(a.costPerActiveMinor)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(a.unusedCostMinor)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
