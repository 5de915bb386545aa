import { MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { BUDGET_STATE_LABELS } from '@common/budget-state';
import type { Budget } from '@common/contracts/budgets';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/cn';
import { formatDate, formatMoneyMinor } from '@/lib/format';
import { BudgetProgress } from './budget-progress';

const STATE = {
  'on-track': { label: BUDGET_STATE_LABELS['on-track'], variant: 'success' },
  'at-risk': { label: BUDGET_STATE_LABELS['at-risk'], variant: 'warning' },
  over: { label: BUDGET_STATE_LABELS.over, variant: 'destructive' },
} as const;
const PERIOD = { monthly: 'Monthly', quarterly: 'Quarterly', annual: 'Annual' } as const;
const SCOPE = {
  organization: 'Whole organization',
  category: 'Category',
  department: 'Department',
  application: 'Application',
  entity: 'Entity',
  brand: 'Brand',
} as const;

interface Props {
  budget: Budget;
  selected: boolean;
  canWrite: boolean;
  onSelect: () => void;
  onEdit: () => void;
  onDelete: () => void;
}

export function BudgetCard({ budget, selected, canWrite, onSelect, onEdit, onDelete }: Props) {
  const { status } = budget;
  const money = (minor: number) => formatMoneyMinor(minor, budget.currency);
  const state = STATE[status.state];
  return (
    <Card
      className={cn('cursor-pointer transition-colors hover:border-primary/50', selected && 'border-primary')}
      onClick={onSelect}
      data-testid="budget-card"
    >
      <CardHeader className="flex flex-row items-start justify-between gap-2">
        <div className="grid min-w-0 gap-1">
          <CardTitle className="truncate">{budget.name}</CardTitle>
          <CardDescription>
            {PERIOD[budget.period]} ·{' '}
            {budget.scope === 'organization'
              ? SCOPE.organization
              : `${SCOPE[budget.scope]}: ${budget.scopeLabel ?? '—'}`}
          </CardDescription>
        </div>
        <div className="flex items-center gap-1">
          <Badge variant={state.variant} data-testid="budget-state">
            {state.label}
          </Badge>
          {canWrite && (
            <DropdownMenu>
              <DropdownMenuTrigger asChild onClick={(e) => e.stopPropagation()}>
                <Button variant="ghost" size="icon-sm" aria-label={`Actions for ${budget.name}`}>
                  <MoreHorizontal />
                </Button>
              </DropdownMenuTrigger>
              <DropdownMenuContent align="end" onClick={(e) => e.stopPropagation()}>
                <DropdownMenuItem onSelect={onEdit}>
                  <Pencil /> Edit
                </DropdownMenuItem>
                <DropdownMenuItem className="text-destructive" onSelect={onDelete}>
                  <Trash2 /> Delete
                </DropdownMenuItem>
              </DropdownMenuContent>
            </DropdownMenu>
          )}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex items-baseline justify-between gap-2">
          <span className="text-2xl font-semibold tabular-nums" data-testid="budget-actual">
            {money(status.actualMinor)}
          </span>
          <span className="text-sm text-muted-foreground">of {money(budget.amountMinor)}</span>
        </div>
        <BudgetProgress
          label={`${budget.name} spend`}
          actualPercent={status.actualPercent}
          forecastPercent={status.forecastPercent}
          thresholds={budget.thresholds}
        />
        <dl className="grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Spent</dt>
            <dd className="font-medium tabular-nums" data-testid="budget-used">
              {status.actualPercent}%
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Forecast</dt>
            <dd
              className={cn('font-medium tabular-nums', status.forecastPercent > 100 && 'text-destructive')}
            >
              {money(status.forecastMinor)} ({status.forecastPercent}%)
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{status.remainingMinor >= 0 ? 'Left' : 'Over by'}</dt>
            <dd className="font-medium tabular-nums">{money(Math.abs(status.remainingMinor))}</dd>
          </div>
        </dl>
        <p className="text-xs text-muted-foreground">
          {formatDate(`${status.periodStart}T12:00:00`)} – {formatDate(`${status.periodEnd}T12:00:00`)} ·{' '}
          {money(status.committedMinor)} still to renew · alerts at {budget.thresholds.join('% and ')}%
          {status.unconvertedCount > 0 &&
            ` · ${status.unconvertedCount} charge${status.unconvertedCount === 1 ? '' : 's'} without an exchange rate not counted`}
        </p>
      </CardContent>
    </Card>
  );
}
