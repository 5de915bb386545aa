import { AlertTriangle, BarChart3 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ProductOverview } from '@common/contracts/product-analytics';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { LabelledInput } from '@/components/ui/labelled-input';
import { Spinner } from '@/components/ui/spinner';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';
import { errorMessage } from '@/lib/api-client';
import { useActiveUsers } from '../api/get-active-users';
import { useAdoption } from '../api/get-adoption';
import { useLastUse } from '../api/get-last-use';
import { useProductOverview } from '../api/get-product-overview';
import { ActiveUsersChart } from './active-users-chart';
import { AdoptionTable } from './adoption-table';
import { KpiRow } from './kpi-row';
import { LastUseChart } from './last-use-chart';
import { NoUsageList } from './no-usage-list';
import { UtilisationTable } from './utilisation-table';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Loading, error or the content of one section's query. */
function Loaded<T>({
  query,
  children,
}: {
  query: { data?: T; isPending: boolean; error: unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner />;
  if (!query.data)
    return <p className="text-sm text-muted-foreground">Could not be loaded: {errorMessage(query.error)}</p>;
  return <>{children(query.data)}</>;
}

function Ranked({ title, items }: { title: string; items: ProductOverview['mostUsed'] }) {
  return (
    <div className="grid gap-1 text-sm">
      <span className="font-medium">{title}</span>
      {items.length === 0 ? (
        <span className="text-muted-foreground">No application with usage data yet</span>
      ) : (
        items.map((a) => (
          <Link
            key={a.subscriptionId}
            to={`/app/subscriptions/${a.subscriptionId}`}
            className="hover:underline"
          >
            {a.name} · {a.usagePct} %
          </Link>
        ))
      )}
    </div>
  );
}

/** /app/product-analytics: who uses the applications paid for (URL state: entity, brand, from, to). */
export function ProductAnalyticsPage() {
  const { filter } = useAllocationFilter();
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = { from: MONTH.test(from) ? from : undefined, to: MONTH.test(to) ? to : undefined };
  const overview = useProductOverview(filter);
  const activeUsers = useActiveUsers(filter, period);
  const adoption = useAdoption(filter);
  const lastUse = useLastUse(filter);
  const setMonth = (key: 'from' | 'to', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  const header = (
    <PageHeader
      title="Product analytics"
      description="Adoption and usage of the applications you pay for: seats bought, held and actually used."
      actions={<AllocationFilterSelect />}
    />
  );
  const data = overview.data;
  if (overview.isPending || !data) {
    return (
      <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
        {header}
        <Loaded query={overview}>{() => null}</Loaded>
      </div>
    );
  }
  if (data.applications.length === 0) {
    return (
      <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
        {header}
        <Card>
          <EmptyState
            icon={BarChart3}
            title="No paid seats to analyse yet"
            description="Add license pools with a seat price to your applications and assign people; then import usage to see who actually uses them."
            action={
              <Button asChild>
                <Link to="/app/licenses">Go to Licenses</Link>
              </Button>
            }
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      {header}
      {data.unconvertedCurrencies.length > 0 && (
        <Card className="border-amber-400/60 bg-amber-50 dark:bg-amber-950/20" role="status">
          <CardContent className="flex gap-2 pt-6 text-sm">
            <AlertTriangle className="size-4 shrink-0 text-amber-600" />
            <span>
              Costs in {data.unconvertedCurrencies.join(', ')} have no exchange rate into {data.currency} and
              are left out of the totals, not guessed. Add rates in Settings to include them.
            </span>
          </CardContent>
        </Card>
      )}
      <KpiRow overview={data} />
      <Section
        title="Utilisation of paid applications"
        description={`Active = seen in the last ${data.inactivityDays} days. Utilisation = active seats ÷ seats paid for.`}
      >
        <div className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Ranked title="Least used" items={data.leastUsed} />
            <Ranked title="Most used" items={data.mostUsed} />
          </div>
          <UtilisationTable applications={data.applications} currency={data.currency} />
        </div>
      </Section>
      <Section title="Active users over time" description="Distinct people active per month.">
        <div className="grid gap-3">
          <div className="flex flex-wrap items-end gap-2">
            <LabelledInput
              id="active-from"
              label="From"
              type="month"
              value={from || activeUsers.data?.from || ''}
              onChange={(e) => setMonth('from', e.target.value)}
            />
            <LabelledInput
              id="active-to"
              label="To"
              type="month"
              value={to || activeUsers.data?.to || ''}
              onChange={(e) => setMonth('to', e.target.value)}
            />
          </div>
          <Loaded query={activeUsers}>{(d) => <ActiveUsersChart data={d} />}</Loaded>
        </div>
      </Section>
      <Section
        title="Adoption by department"
        description="Adoption = people active on a seat ÷ people in the department."
      >
        <Loaded query={adoption}>{(d) => <AdoptionTable adoption={d} />}</Loaded>
      </Section>
      <Section
        title="Time since last use"
        description="Assigned seats by days since their holder was last seen."
      >
        <Loaded query={lastUse}>{(d) => <LastUseChart lastUse={d} />}</Loaded>
      </Section>
      {data.noUsageData.length > 0 && (
        <Section
          title="No usage data"
          description="Nobody has reported activity for these paid applications: import their last-activity export to know who uses them."
        >
          <NoUsageList items={data.noUsageData} />
        </Section>
      )}
    </div>
  );
}
