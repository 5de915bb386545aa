import { CheckCircle2, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { Expense } from '@common/contracts/expenses';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoneyMinor, formatNumber } from '@/lib/format';
import { useApplicationOptions, type ApplicationOption } from '@/lib/expenses/get-applications';
import { useExpenses } from '../api/get-expenses';
import { useMatchExpense } from '../api/match-expense';
import { useSetMatchStatus } from '../api/set-match-status';
import { ApplicationCombobox } from '@/components/application-combobox';

/** Unmatched expenses: match each to an application (remembering the merchant) or ignore it. */
export function ReviewQueue({ canWrite }: { canWrite: boolean }) {
  const { data, isPending, error } = useExpenses({ match: 'unmatched', limit: 100 });
  const applications = useApplicationOptions();
  if (isPending) return <Spinner />;
  if (error || !data) return <p className="text-sm text-muted-foreground">The review queue could not be loaded: {errorMessage(error)}</p>;
  if (data.total === 0) {
    return (
      <Card>
        <EmptyState icon={CheckCircle2} title="All caught up" description="Every expense is matched to an application or ignored." />
      </Card>
    );
  }
  return (
    <Card>
      <p className="border-b px-4 py-3 text-sm text-muted-foreground">
        {formatNumber(data.total ?? data.items.length)} unmatched {data.total === 1 ? 'expense' : 'expenses'}. Matching one with “Remember this merchant”
        also matches its other charges, now and in future imports.
      </p>
      <ul className="divide-y">
        {data.items.map((expense) => (
          <QueueItem key={expense.id} expense={expense} options={applications.data ?? []} canWrite={canWrite} />
        ))}
      </ul>
    </Card>
  );
}

function QueueItem({ expense, options, canWrite }: { expense: Expense; options: ApplicationOption[]; canWrite: boolean }) {
  const [choice, setChoice] = useState<string | null>(expense.suggestedSubscriptionId);
  const [remember, setRemember] = useState(true);
  const match = useMatchExpense();
  const status = useSetMatchStatus();
  const busy = match.isPending || status.isPending;

  // A promise, not `mutate` callbacks: a matched expense leaves the queue as soon as the lists
  // refresh, and TanStack never runs the per-call callbacks of an unmounted component.
  const onMatch = (subscriptionId: string) => {
    void match.mutateAsync({ id: expense.id, subscriptionId, learn: remember }).then(
      (result) =>
        toast({
          variant: 'success',
          title: `Matched to ${result.expense.subscriptionName ?? 'the application'}`,
          description: result.appliedCount > 0 ? `${result.appliedCount} more from this merchant matched too.` : undefined,
        }),
      (e: unknown) => toast({ variant: 'destructive', title: 'Could not match', description: errorMessage(e) }),
    );
  };

  return (
    <li className="grid gap-3 px-4 py-3 md:grid-cols-[minmax(0,1fr)_auto] md:items-center" data-testid="queue-item">
      <div className="grid min-w-0 gap-0.5">
        <div className="flex items-baseline justify-between gap-3 md:justify-start">
          <span className="truncate font-medium">{expense.merchantName}</span>
          <span className="font-medium tabular-nums">{formatMoneyMinor(expense.amountMinor, expense.currency)}</span>
        </div>
        <span className="truncate text-xs text-muted-foreground">
          {formatDate(`${expense.date}T12:00:00`)} · {expense.merchant}
        </span>
        {expense.suggestedSubscriptionName && (
          <span className="flex items-center gap-1 text-xs text-primary">
            <Sparkles className="size-3" /> Looks like {expense.suggestedSubscriptionName}
          </span>
        )}
      </div>
      {canWrite && (
        <div className="flex flex-wrap items-center gap-2">
          <div className="w-56">
            <ApplicationCombobox label={`Application for ${expense.merchantName}`} options={options} value={choice} onChange={setChoice} />
          </div>
          <label className="flex items-center gap-1.5 text-xs text-muted-foreground">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="size-3.5 accent-primary" />
            Remember this merchant
          </label>
          <Button size="sm" disabled={!choice || busy} onClick={() => choice && onMatch(choice)}>
            Match
          </Button>
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              status.mutate(
                { id: expense.id, action: 'ignore' },
                { onError: (e) => toast({ variant: 'destructive', title: 'Could not ignore', description: errorMessage(e) }) },
              )
            }
          >
            Ignore
          </Button>
        </div>
      )}
    </li>
  );
}
