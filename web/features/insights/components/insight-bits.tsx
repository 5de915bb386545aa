import { Link } from 'react-router';
import { INSIGHT_STATE_LABELS, type Insight, type InsightState } from '@common/contracts/insights';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatMoneyMinor } from '@/lib/format';
import { CONFIDENCE_LABELS, CONFIDENCE_VARIANTS } from '../labels';

const STATE_VARIANTS: Record<InsightState, 'default' | 'secondary' | 'outline' | 'success' | 'warning'> = {
  new: 'default',
  reviewing: 'warning',
  in_progress: 'secondary',
  realized: 'success',
  dismissed: 'outline',
};

export function StateBadge({ state }: { state: InsightState }) {
  return <Badge variant={STATE_VARIANTS[state]}>{INSIGHT_STATE_LABELS[state]}</Badge>;
}

/** The yearly saving, or why it could not be computed. */
export function SavingText({ insight, className }: { insight: Insight; className?: string }) {
  if (insight.savingMinor === null) {
    return (
      <span className={cn('text-sm text-muted-foreground', className)}>
        Saving not computed — {insight.savingUnavailable ?? 'a price is missing'}
      </span>
    );
  }
  return (
    <span className={cn('font-semibold tabular-nums', className)}>
      {formatMoneyMinor(insight.savingMinor, insight.currency)}
      <span className="text-xs font-normal text-muted-foreground"> / year</span>
    </span>
  );
}

/** The confidence badge and, beside it, why. */
export function ConfidenceNote({ insight }: { insight: Insight }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
      <Badge variant={CONFIDENCE_VARIANTS[insight.confidence]}>{CONFIDENCE_LABELS[insight.confidence]}</Badge>
      <span>{insight.confidenceReason}</span>
    </p>
  );
}

/** The affected applications, each a link to its page. */
export function ApplicationLinks({ insight, className }: { insight: Insight; className?: string }) {
  if (insight.applications.length === 0) return null;
  return (
    <ul aria-label="Applications" className={cn('flex flex-wrap gap-x-3 gap-y-1 text-sm', className)}>
      {insight.applications.map((app) => (
        <li key={app.id}>
          <Link
            to={`/app/subscriptions/${encodeURIComponent(app.id)}`}
            className="text-primary hover:underline"
          >
            {app.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export const insightPath = (id: string) => `/app/insights/${encodeURIComponent(id)}`;
