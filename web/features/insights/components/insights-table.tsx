import { useState } from 'react';
import { Link } from 'react-router';
import type { Insight } from '@common/contracts/insights';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor } from '@/lib/format';
import { useUpdateInsight } from '../api/update-insight';
import { CONFIDENCE_LABELS, OPPORTUNITY_TYPE_LABELS } from '../labels';
import { insightPath, shownSavingMinor, StateBadge } from './insight-bits';
import { USAGE_UNKNOWN_TEXT } from '@common/licenses';

export type InsightSortKey = 'saving' | 'application' | 'type';

const appName = (i: Insight) => i.applications.map((a) => a.name).join(', ');

const COMPARE: Record<InsightSortKey, (a: Insight, b: Insight) => number> = {
  saving: (a, b) => (shownSavingMinor(a) ?? -1) - (shownSavingMinor(b) ?? -1),
  application: (a, b) => appName(a).localeCompare(appName(b)),
  type: (a, b) => OPPORTUNITY_TYPE_LABELS[a.type].localeCompare(OPPORTUNITY_TYPE_LABELS[b.type]),
};

/** The opportunities sorted by a column; ties keep the list's order. */
export function sortInsights(items: readonly Insight[], key: InsightSortKey, ascending: boolean): Insight[] {
  const sign = ascending ? 1 : -1;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => sign * COMPARE[key](a.item, b.item) || a.index - b.index)
    .map(({ item }) => item);
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: InsightSortKey;
  sort: { key: InsightSortKey; ascending: boolean };
  onSort: (key: InsightSortKey) => void;
}) {
  const active = sort.key === column;
  return (
    <TableHead aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className="font-medium hover:underline" onClick={() => onSort(column)}>
        {label}
        {active ? (sort.ascending ? ' ▲' : ' ▼') : ''}
      </button>
    </TableHead>
  );
}

/**
 * Insights as a table (issue 31): sortable by counted saving, application and type; select rows to
 * dismiss them together. The saving column is the counted amount: it adds up to the headline.
 */
export function InsightsTable({ items, canWrite }: { items: Insight[]; canWrite: boolean }) {
  const [sort, setSort] = useState<{ key: InsightSortKey; ascending: boolean }>({
    key: 'saving',
    ascending: false,
  });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const update = useUpdateInsight();
  const [busy, setBusy] = useState(false);
  const rows = sortInsights(items, sort.key, sort.ascending);
  const onSort = (key: InsightSortKey) =>
    setSort((s) => (s.key === key ? { key, ascending: !s.ascending } : { key, ascending: key !== 'saving' }));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const visible = rows.filter((r) => selected.has(r.id));
  const allSelected = rows.length > 0 && visible.length === rows.length;

  async function dismissSelected() {
    setBusy(true);
    let failed = 0;
    for (const row of visible) {
      try {
        await update.mutateAsync({ id: row.id, state: 'dismissed', dismissReason: 'not_relevant' });
      } catch (error) {
        failed += 1;
        if (failed === 1)
          toast({ variant: 'destructive', title: 'Could not dismiss', description: errorMessage(error) });
      }
    }
    setBusy(false);
    setSelected(new Set());
    const done = visible.length - failed;
    if (done > 0)
      toast({ variant: 'success', title: `Dismissed ${done} opportunit${done === 1 ? 'y' : 'ies'}` });
  }

  return (
    <div className="grid gap-2">
      {canWrite && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-muted-foreground">{visible.length} selected</span>
          <Button
            size="sm"
            variant="outline"
            disabled={visible.length === 0 || busy}
            onClick={() => void dismissSelected()}
          >
            Dismiss selected
          </Button>
        </div>
      )}
      <div className="overflow-x-auto rounded-md border">
        <Table aria-label="Opportunities table">
          <TableHeader>
            <TableRow>
              {canWrite && (
                <TableHead className="w-8">
                  <input
                    type="checkbox"
                    aria-label="Select all"
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.id)))}
                  />
                </TableHead>
              )}
              <SortHeader label="Application" column="application" sort={sort} onSort={onSort} />
              <TableHead>Opportunity</TableHead>
              <SortHeader label="Type" column="type" sort={sort} onSort={onSort} />
              <SortHeader label="Counted saving / year" column="saving" sort={sort} onSort={onSort} />
              <TableHead>Confidence</TableHead>
              <TableHead>State</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((insight) => {
              const value = shownSavingMinor(insight);
              return (
                <TableRow key={insight.id} data-testid="insight-row">
                  {canWrite && (
                    <TableCell>
                      <input
                        type="checkbox"
                        aria-label={`Select ${insight.title}`}
                        checked={selected.has(insight.id)}
                        onChange={() => toggle(insight.id)}
                      />
                    </TableCell>
                  )}
                  <TableCell className="whitespace-nowrap">{appName(insight) || '—'}</TableCell>
                  <TableCell className="max-w-96">
                    <Link to={insightPath(insight.id)} className="font-medium hover:underline">
                      {insight.title}
                    </Link>
                    {insight.overlapsWith.length > 0 && (
                      <p className="text-xs text-muted-foreground">
                        Overlaps with {insight.overlapsWith.map((o) => o.title).join(', ')}
                      </p>
                    )}
                    {insight.decision?.usage === 'unknown' && (
                      <p className="text-xs text-muted-foreground">{USAGE_UNKNOWN_TEXT}</p>
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{OPPORTUNITY_TYPE_LABELS[insight.type]}</TableCell>
                  <TableCell className="whitespace-nowrap text-right tabular-nums">
                    {value === null ? 'Not computed' : formatMoneyMinor(value, insight.currency)}
                  </TableCell>
                  <TableCell>{CONFIDENCE_LABELS[insight.confidence]}</TableCell>
                  <TableCell>
                    <StateBadge state={insight.state} />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}
