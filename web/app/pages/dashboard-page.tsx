import {
  AppWindow,
  ArrowRight,
  CalendarClock,
  Circle,
  CircleCheck,
  CircleDollarSign,
  Plus,
  TrendingUp,
} from 'lucide-react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ConvertedTotal } from '@common/contracts/fx-rates';
import { SETUP_STEPS, setupRemaining } from '@common/onboarding';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/layout/page-header';
import { useCurrentUser } from '@/lib/auth/get-user';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { UnconvertedNote } from '@/components/fx/lazy-unconverted-note';
import { SETUP_STEP_INFO } from '@/lib/setup-steps';
import { plural } from '@common/wording';
import { formatMoneyMinor, formatNumber } from '@/lib/format';
import { useDashboardSummary, NextRenewals, StatCard } from '@/features/dashboard';

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** A spend card's hint: what the figure leaves out for want of a rate, or what it counts. */
function spendHint(total: ConvertedTotal | undefined, counts: string): ReactNode {
  return total?.unconverted.length ? <UnconvertedNote total={total} /> : counts;
}

const EmptyDashboard = lazy(() =>
  import('@/features/dashboard/components/empty-dashboard').then((m) => ({ default: m.EmptyDashboard })),
);

// Potential savings (Growth and up): its own chunk, asked for a moment after the figures are on
// screen, so the first paint loads none of it.
const PotentialSavingsCard = lazy(() =>
  new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
    import('@/features/insights/components/screens').then((m) => ({ default: m.PotentialSavingsCard })),
  ),
);

/** /app: the figures that matter, zeros when nothing is tracked yet. */
export function DashboardPage() {
  const { data: user } = useCurrentUser();
  const organization = useCurrentOrganizationSummary();
  const { filter: allocation } = useAllocationFilter();
  const { data: summary, isPending } = useDashboardSummary(allocation);
  const currency = summary?.currency ?? organization?.currency ?? 'USD';
  const applications = summary?.applications ?? 0;
  // Other currencies converted at today's rates; what has no rate is named under the figure.
  const monthly = summary?.converted.monthly.amountMinor ?? 0;
  const annual = summary?.converted.annual.amountMinor ?? 0;
  // Contract renewals (decisions) and recurring charges (monthly tools charging again), apart.
  const renewals = summary?.upcomingRenewals ?? 0;
  const recurring = summary?.recurringCharges ?? 0;
  const remaining = organization ? setupRemaining(organization.setupProgress) : 0;
  const nextStep = organization ? SETUP_STEPS.find((s) => organization.setupProgress[s] !== true) : undefined;

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title={user ? `${greeting(new Date().getHours())}, ${user.firstName}` : 'Dashboard'}
        description={
          organization
            ? `Software spend at ${organization.name}, in ${currency}.`
            : 'Your software spend at a glance.'
        }
        actions={
          <>
            <AllocationFilterSelect />
            <Button asChild>
              <Link to="/app/subscriptions">
                <Plus />
                Add application
              </Link>
            </Button>
          </>
        }
      />

      <section aria-label="Key figures" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          label="Applications"
          value={formatNumber(applications)}
          hint="Active or on trial"
          icon={AppWindow}
          loading={isPending}
        />
        <StatCard
          label="Monthly spend"
          value={formatMoneyMinor(monthly, currency)}
          hint={spendHint(summary?.converted.monthly, 'Active and trial applications, normalised to a month')}
          icon={CircleDollarSign}
          loading={isPending}
        />
        <StatCard
          label="Annual run rate"
          value={formatMoneyMinor(annual, currency)}
          hint={spendHint(summary?.converted.annual, 'What they cost over a year')}
          icon={TrendingUp}
          loading={isPending}
        />
        <StatCard
          label="Upcoming renewals"
          value={formatNumber(renewals)}
          hint={`Annual and multi-year contracts renewing in the next 30 days; ${plural(recurring, 'monthly and other recurring charge')} apart`}
          icon={CalendarClock}
          loading={isPending}
        />
      </section>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 lg:grid-cols-3">
        {!isPending && applications === 0 ? (
          <Suspense fallback={<Card className="min-h-72 lg:col-span-2" />}>
            <EmptyDashboard />
          </Suspense>
        ) : summary ? (
          <NextRenewals summary={summary} />
        ) : null}

        {remaining > 0 && nextStep && organization ? (
          <Card className="flex flex-col p-5">
            <h2 className="text-base font-semibold">Finish setting up</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {SETUP_STEPS.length - remaining} of {SETUP_STEPS.length} steps done.
            </p>
            <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-muted">
              <div
                className="h-full rounded-full bg-primary"
                style={{ width: `${((SETUP_STEPS.length - remaining) / SETUP_STEPS.length) * 100}%` }}
              />
            </div>
            <ul className="mt-4 grid gap-2.5">
              {SETUP_STEPS.map((step) => {
                const done = organization.setupProgress[step] === true;
                return (
                  <li key={step} className="flex items-center gap-2.5 text-sm">
                    {done ? (
                      <CircleCheck className="size-4 shrink-0 text-success" aria-label="Done" />
                    ) : (
                      <Circle className="size-4 shrink-0 text-muted-foreground/60" aria-label="To do" />
                    )}
                    <Link
                      to={SETUP_STEP_INFO[step].to}
                      className={
                        done
                          ? 'text-muted-foreground line-through'
                          : step === nextStep
                            ? 'font-medium hover:underline'
                            : 'hover:underline'
                      }
                    >
                      {SETUP_STEP_INFO[step].title}
                    </Link>
                  </li>
                );
              })}
            </ul>
            <div className="mt-auto pt-5">
              <Button variant="secondary" size="sm" asChild>
                <Link to="/app/setup">
                  Open setup guide
                  <ArrowRight />
                </Link>
              </Button>
            </div>
          </Card>
        ) : (
          <Card className="p-5">
            <h2 className="text-base font-semibold">Workspace ready</h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Every setup step is complete. Alerts and insights now run daily.
            </p>
          </Card>
        )}
      </div>

      {!isPending && applications > 0 && (
        <Suspense fallback={null}>
          <PotentialSavingsCard />
        </Suspense>
      )}

      {applications > 0 && (
        <section
          aria-label="Where to look next"
          className="grid grid-cols-[minmax(0,1fr)] gap-2 sm:grid-cols-3"
        >
          {[
            { to: '/app/renewals', label: 'Review renewals' },
            { to: '/app/expenses', label: 'Match expenses' },
            { to: '/app/budget', label: 'Check budgets' },
          ].map((link) => (
            <Button key={link.to} variant="outline" asChild className="justify-between">
              <Link to={link.to}>
                {link.label}
                <ArrowRight />
              </Link>
            </Button>
          ))}
        </section>
      )}
    </div>
  );
}
