import { Link } from 'react-router';
import { INSIGHT_STATE_LABELS, type Insight, type InsightState } from '@common/contracts/insights';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { formatMoneyMinor } from '@/lib/format';
import { CONFIDENCE_LABELS, CONFIDENCE_VARIANTS } from '../labels';
import { USAGE_UNKNOWN_TEXT } from '@common/licenses';

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

/** Open, found and not snoozed: it counts in the headline. */
export const countsInHeadline = (insight: Insight) =>
  ['new', 'reviewing', 'in_progress'].includes(insight.state) && insight.detected && !insight.snoozedUntil;

/** The saving a screen shows for it: counted while it counts in the headline, its own once closed. */
export const shownSavingMinor = (insight: Insight): number | null =>
  insight.savingMinor === null
    ? null
    : countsInHeadline(insight)
      ? insight.countedMinor
      : insight.savingMinor;

/**
 * The yearly saving an open opportunity counts in the headline (overlaps counted once: the cards
 * add up to the headline), with the full amount beside it when others already count part of it; a
 * closed one shows its own saving. Or why it could not be computed.
 */
export function SavingText({ insight, className }: { insight: Insight; className?: string }) {
  if (insight.savingMinor === null) {
    return (
      <span className={cn('text-sm text-muted-foreground', className)}>
        Saving not computed — {insight.savingUnavailable ?? 'a price is missing'}
      </span>
    );
  }
  const counted = countsInHeadline(insight);
  const amount = counted ? insight.countedMinor : insight.savingMinor;
  return (
    <span className={cn('grid font-semibold tabular-nums', className)} data-testid="counted-saving">
      <span>
        {formatMoneyMinor(amount, insight.currency)}
        <span className="text-xs font-normal text-muted-foreground"> / year</span>
      </span>
      {counted && insight.countedMinor !== insight.savingMinor && (
        <span className="text-xs font-normal text-muted-foreground">
          counted of {formatMoneyMinor(insight.savingMinor, insight.currency)}
        </span>
      )}
    </span>
  );
}

/** What it overlaps with: the headline counts the shared part once. */
export function OverlapNote({ insight, className }: { insight: Insight; className?: string }) {
  if (insight.overlapsWith.length === 0) return null;
  return (
    <p className={cn('text-xs text-muted-foreground', className)} data-testid="overlap-note">
      Overlaps with{' '}
      {insight.overlapsWith.map((o, i) => (
        <span key={o.id}>
          {i > 0 && (i === insight.overlapsWith.length - 1 ? ' and ' : ', ')}
          <Link to={insightPath(o.id)} className="relative z-10 text-primary hover:underline">
            {o.title}
          </Link>
        </span>
      ))}
      : the shared part counts once.
    </p>
  );
}

/** "Usage unknown — connect …" (USAGE_UNKNOWN_TEXT) when no activity was ever recorded for the application. */
export function UsageUnknownBadge({ insight }: { insight: Insight }) {
  if (insight.decision?.usage !== 'unknown') return null;
  return <Badge variant="outline">{USAGE_UNKNOWN_TEXT}</Badge>;
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
