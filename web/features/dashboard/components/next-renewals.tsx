import { ArrowRight, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import type { DashboardSummary } from '@common/contracts/dashboard';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { AppLogo } from '@/components/app-logo';
import { RenewalBadge } from '@/components/renewal-badge';
import { formatCalendarDate, formatMoneyMinor } from '@/lib/format';

/**
 * The next contract renewals (annual and multi-year, 30 days), soonest first, with what each costs and
 * when to cancel by; monthly and other recurring charges in their own line.
 */
export function NextRenewals({ summary }: { summary: DashboardSummary }) {
  const renewals = summary.nextRenewals ?? [];
  return (
    <Card className="p-5 lg:col-span-2">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold">Next renewals</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {renewals.length > 0
              ? `${summary.upcomingRenewals} annual or multi-year contract${summary.upcomingRenewals === 1 ? '' : 's'} in the next 30 days, ${formatMoneyMinor(summary.renewalsNext30DaysMinor ?? 0, summary.currency)} due in those days.`
              : 'No annual or multi-year contract renews in the next 30 days.'}
          </p>
          {summary.recurringCharges > 0 && (
            <p className="mt-0.5 text-sm text-muted-foreground" data-testid="recurring-charges">
              {`Recurring charges: ${summary.recurringCharges} monthly or other recurring application${summary.recurringCharges === 1 ? '' : 's'}, ${formatMoneyMinor(summary.recurringChargesNext30DaysMinor ?? 0, summary.currency)} in those days.`}
            </p>
          )}
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link to="/app/renewals">
            All renewals
            <ArrowRight />
          </Link>
        </Button>
      </div>
      {renewals.length === 0 ? (
        <div className="mt-6 flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarClock className="size-4" aria-hidden />
          The renewals calendar shows what comes after.
        </div>
      ) : (
        <ul className="mt-4 divide-y" aria-label="Next renewals">
          {renewals.map((renewal) => (
            <li key={renewal.id} className="flex items-center gap-3 py-2.5">
              <AppLogo name={renewal.name} logoUrl={renewal.logoUrl} className="size-8" />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/app/subscriptions/${renewal.id}`}
                  className="truncate text-sm font-medium hover:underline"
                >
                  {renewal.name}
                </Link>
                <p className="truncate text-xs text-muted-foreground">
                  {formatCalendarDate(renewal.nextRenewalDate)}
                  {renewal.autoRenew ? ' · renews automatically' : ''}
                  {renewal.cancelByDate < renewal.nextRenewalDate
                    ? ` · cancel by ${formatCalendarDate(renewal.cancelByDate)}`
                    : ''}
                </p>
              </div>
              <span className="hidden text-sm tabular-nums sm:inline">
                {formatMoneyMinor(renewal.costPerCycleMinor, renewal.currency)}
              </span>
              <RenewalBadge days={renewal.daysUntilRenewal} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
