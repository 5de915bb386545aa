import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { DISMISS_REASON_LABELS, type InsightDetail } from '@common/contracts/insights';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { BackLink, DetailLoadError } from '@/components/layout/detail-page-parts';
import { formatCalendarDate, formatDate, formatMoneyMinor } from '@/lib/format';
import { useInsight } from '../api/get-insight';
import { OPPORTUNITY_TYPE_LABELS } from '../labels';
import { EvidenceTables } from './evidence-tables';
import { InsightActions } from './insight-actions';
import { ApplicationLinks, OverlapNote, ConfidenceNote, SavingText, StateBadge } from './insight-bits';
import { InsightComments } from './insight-comments';
import { USAGE_UNKNOWN_TEXT } from '@common/licenses';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Where the opportunity stands: state, owner, due date, snooze, dismissal or the amount realized. */
function PipelineFacts({ insight }: { insight: InsightDetail }) {
  const money = (minor: number) => formatMoneyMinor(minor, insight.currency);
  return (
    <dl className="grid grid-cols-2 gap-3">
      <Fact label="State">
        <StateBadge state={insight.state} />
      </Fact>
      <Fact label="Owner">{insight.owner?.name ?? 'No owner'}</Fact>
      <Fact label="Due">{insight.dueDate ? formatCalendarDate(insight.dueDate) : 'No due date'}</Fact>
      {insight.snoozedUntil && <Fact label="Snoozed until">{formatCalendarDate(insight.snoozedUntil)}</Fact>}
      {insight.dismissReason && (
        <Fact label="Dismissed because">
          {DISMISS_REASON_LABELS[insight.dismissReason]}
          {insight.dismissNote && ` — ${insight.dismissNote}`}
        </Fact>
      )}
      {insight.realizedMinor !== null && (
        <Fact label={insight.realizedSource === 'auto' ? 'Realized (measured)' : 'Realized'}>
          {money(insight.realizedMinor)} / year
          {insight.realizedAt && ` since ${formatDate(insight.realizedAt)}`}
        </Fact>
      )}
      {insight.beforeAnnualMinor !== null && insight.afterAnnualMinor !== null && (
        <Fact label="Annual cost before → after">
          {money(insight.beforeAnnualMinor)} → {money(insight.afterAnnualMinor)}
        </Fact>
      )}
      <Fact label="First found">{formatDate(insight.firstSeenAt)}</Fact>
      <Fact label="Last found">{insight.detected ? formatDate(insight.lastSeenAt) : 'No longer found'}</Fact>
    </dl>
  );
}

/** /app/insights/:id — why, how much (the sum), the records it rests on, where it stands, and the comments. */
export function InsightDetailPage() {
  const { id = '' } = useParams();
  const query = useInsight(id);
  const organization = useCurrentOrganizationSummary();
  const canWrite = organization ? can(organization.role, 'data.write') : false;

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <DetailLoadError
        error={query.error}
        missing="This opportunity does not exist or was removed."
        backTo="/app/insights"
        backLabel="Back to insights"
      />
    );
  }
  const insight = query.data;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-4">
      <BackLink to="/app/insights" label="Insights" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <p className="text-xs text-muted-foreground">{OPPORTUNITY_TYPE_LABELS[insight.type]}</p>
          <h1 className="text-2xl font-semibold tracking-tight">{insight.title}</h1>
          <ApplicationLinks insight={insight} />
        </div>
        <SavingText
          insight={insight}
          className={
            insight.savingMinor === null ? 'sm:max-w-64 sm:text-right' : 'shrink-0 text-2xl sm:text-right'
          }
        />
      </div>
      {canWrite && <InsightActions insight={insight} />}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Why</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="text-sm leading-relaxed">{insight.explanation}</p>
              <div className="grid gap-1">
                <h3 className="text-sm font-semibold">The saving</h3>
                {insight.arithmetic ? (
                  <p className="rounded-md bg-muted px-3 py-2 font-mono text-sm" data-testid="arithmetic">
                    {insight.arithmetic}
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">
                    Not computed — {insight.savingUnavailable ?? 'a price is missing'}.
                  </p>
                )}
                {insight.savingMinor !== null && insight.countedMinor !== insight.savingMinor && (
                  <p className="text-xs text-muted-foreground">
                    Counts {formatMoneyMinor(insight.countedMinor, insight.currency)} in the totals: the rest
                    is already counted by another opportunity on the same seats or application.
                  </p>
                )}
                <OverlapNote insight={insight} />
              </div>
              {insight.decision?.usage === 'unknown' && (
                <p className="text-sm text-muted-foreground" data-testid="usage-unknown">
                  {USAGE_UNKNOWN_TEXT}. No activity was ever recorded for this application, so no seat is cut
                  for inactivity. Connecting one (Settings → Integrations) records its holders&apos; sign-ins
                  as seat activity.
                </p>
              )}
              {insight.decision && insight.decision.alternatives.length > 0 && (
                <div className="grid gap-1">
                  <h3 className="text-sm font-semibold">Alternatives</h3>
                  <ul className="grid gap-1 text-sm" aria-label="Alternatives">
                    {insight.decision.alternatives.map((a) => (
                      <li key={`${a.type}:${a.title}`} className="flex flex-wrap justify-between gap-2">
                        <span>
                          {a.title}
                          {a.recommended && <span className="text-muted-foreground"> · counted</span>}
                        </span>
                        <span className="tabular-nums text-muted-foreground">
                          {a.savingMinor === null
                            ? 'not computed'
                            : `${formatMoneyMinor(a.savingMinor, insight.currency)} / year alone`}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
              <div className="grid gap-1">
                <h3 className="text-sm font-semibold">How sure we are</h3>
                <ConfidenceNote insight={insight} />
              </div>
              {insight.people.length > 0 && (
                <div className="grid gap-1">
                  <h3 className="text-sm font-semibold">People</h3>
                  <p className="text-sm">{insight.people.map((p) => p.name).join(', ')}</p>
                </div>
              )}
              <div>
                <Button asChild size="sm">
                  <Link to={insight.action.path}>
                    {insight.action.text} <ArrowRight aria-hidden />
                  </Link>
                </Button>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Evidence</CardTitle>
            </CardHeader>
            <CardContent>
              <EvidenceTables evidence={insight.evidence} />
            </CardContent>
          </Card>
        </div>
        <div className="grid content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>Pipeline</CardTitle>
            </CardHeader>
            <CardContent>
              <PipelineFacts insight={insight} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Comments</CardTitle>
            </CardHeader>
            <CardContent>
              <InsightComments insight={insight} canWrite={canWrite} />
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
