import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import type { Insight } from '@common/contracts/insights';
import { Card } from '@/components/ui/card';
import { formatCalendarDate } from '@/lib/format';
import { OPPORTUNITY_TYPE_LABELS } from '../labels';
import { InsightActions } from './insight-actions';
import {
  ApplicationLinks,
  ConfidenceNote,
  insightPath,
  OverlapNote,
  SavingText,
  StateBadge,
  UsageUnknownBadge,
} from './insight-bits';

/** One opportunity in the list: what, how much, how sure, why, where, and what to do. */
export function InsightCard({ insight, canWrite }: { insight: Insight; canWrite: boolean }) {
  return (
    <Card
      className="relative grid gap-3 p-4 transition-colors hover:border-primary/50 sm:p-5"
      data-testid="insight-card"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid min-w-0 gap-1">
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            {OPPORTUNITY_TYPE_LABELS[insight.type]}
            <StateBadge state={insight.state} />
            <UsageUnknownBadge insight={insight} />
            {insight.snoozedUntil && <span>Snoozed until {formatCalendarDate(insight.snoozedUntil)}</span>}
          </p>
          <h3 className="text-base font-semibold leading-snug">
            {/* The title's link covers the card: clicking anywhere opens the detail. */}
            <Link
              to={insightPath(insight.id)}
              className="after:absolute after:inset-0 after:content-[''] hover:underline"
            >
              {insight.title}
            </Link>
          </h3>
        </div>
        <SavingText
          insight={insight}
          className={
            insight.savingMinor === null ? 'sm:max-w-64 sm:text-right' : 'shrink-0 sm:text-right sm:text-lg'
          }
        />
      </div>
      <ConfidenceNote insight={insight} />
      <OverlapNote insight={insight} />
      <p className="line-clamp-2 text-sm">{insight.explanation}</p>
      <div className="relative z-10 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
        <ApplicationLinks insight={insight} />
        <Link
          to={insight.action.path}
          className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
        >
          {insight.action.text}
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          {insight.owner ? `Owner: ${insight.owner.name}` : 'No owner'}
          {insight.dueDate && ` · due ${formatCalendarDate(insight.dueDate)}`}
          {insight.commentCount > 0 && (
            <span>
              {' · '}
              {insight.commentCount} {insight.commentCount === 1 ? 'comment' : 'comments'}
            </span>
          )}
        </p>
        {canWrite && (
          <div className="relative z-10">
            <InsightActions insight={insight} />
          </div>
        )}
      </div>
    </Card>
  );
}
