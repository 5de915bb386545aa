import { Link } from 'react-router';
import { INSIGHT_STATE_LABELS, INSIGHT_STATES, type Insight } from '@common/contracts/insights';
import { formatCalendarDate, formatMoneyMinor } from '@/lib/format';
import { OPPORTUNITY_TYPE_LABELS } from '../labels';
import { insightPath, shownSavingMinor } from './insight-bits';
import { MoveMenu } from './move-menu';

/** What a column is worth: realized amounts once realized, the counted saving before. */
export const pipelineValue = (insight: Insight) =>
  insight.state === 'realized' ? (insight.realizedMinor ?? 0) : insight.countedMinor;

function BoardCard({ insight, canWrite }: { insight: Insight; canWrite: boolean }) {
  const value = insight.state === 'realized' ? insight.realizedMinor : shownSavingMinor(insight);
  return (
    <li className="grid gap-1.5 rounded-md border bg-card p-3 text-sm shadow-xs" data-testid="board-card">
      <div className="flex items-start justify-between gap-2">
        <Link to={insightPath(insight.id)} className="font-medium leading-snug hover:underline">
          {insight.title}
        </Link>
        {canWrite && <MoveMenu insight={insight} />}
      </div>
      <p className="text-xs text-muted-foreground">
        {OPPORTUNITY_TYPE_LABELS[insight.type]}
        {insight.snoozedUntil && ` · snoozed until ${formatCalendarDate(insight.snoozedUntil)}`}
      </p>
      <p className="flex flex-wrap justify-between gap-x-2 text-xs">
        <span className="font-semibold tabular-nums">
          {value === null ? 'Saving not computed' : `${formatMoneyMinor(value, insight.currency)} / year`}
        </span>
        <span className="text-muted-foreground">
          {insight.owner?.name ?? 'No owner'}
          {insight.dueDate && ` · due ${formatCalendarDate(insight.dueDate)}`}
        </span>
      </p>
    </li>
  );
}

/** The savings pipeline, one column per state; each card moves with its "Move to" menu. */
export function PipelineBoard({
  items,
  currency,
  canWrite,
}: {
  items: Insight[];
  currency: string;
  canWrite: boolean;
}) {
  return (
    <div className="flex snap-x gap-3 overflow-x-auto pb-2 xl:grid xl:grid-cols-5 xl:overflow-visible">
      {INSIGHT_STATES.map((state) => {
        const column = items.filter((i) => i.state === state);
        const total = column.reduce((sum, i) => sum + pipelineValue(i), 0);
        return (
          <section
            key={state}
            aria-label={INSIGHT_STATE_LABELS[state]}
            className="grid w-72 shrink-0 snap-start content-start gap-2 rounded-lg bg-muted/50 p-2 xl:w-auto"
            data-testid={`column-${state}`}
          >
            <header className="flex items-baseline justify-between gap-2 px-1">
              <h3 className="text-sm font-semibold">
                {INSIGHT_STATE_LABELS[state]}{' '}
                <span className="font-normal text-muted-foreground">{column.length}</span>
              </h3>
              {state !== 'dismissed' && (
                <span className="text-xs text-muted-foreground tabular-nums">
                  {formatMoneyMinor(total, currency, { compact: true })}
                </span>
              )}
            </header>
            {column.length === 0 ? (
              <p className="px-1 py-4 text-center text-xs text-muted-foreground">Nothing here</p>
            ) : (
              <ul
                className="grid max-h-[70vh] gap-2 overflow-y-auto pr-0.5"
                tabIndex={0}
                aria-label={`${INSIGHT_STATE_LABELS[state]} opportunities`}
              >
                {column.map((insight) => (
                  <BoardCard key={insight.id} insight={insight} canWrite={canWrite} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
    </div>
  );
}
