import { Link } from 'react-router';
import { canUseFeature } from '@common/plans';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useOrganization } from '@/lib/organizations/get-organization';
import { formatMoneyMinor } from '@/lib/format';
import { useInsights } from '../api/get-insights';
import { ConfidenceNote, insightPath, SavingText, shownSavingMinor } from './insight-bits';

/** The application page's "Savings opportunities": its open ones (Growth and up). */
export function ApplicationOpportunities({ applicationId }: { applicationId: string }) {
  const organization = useOrganization();
  const allowed = organization.data ? canUseFeature(organization.data.viewPlan, 'insights') : false;
  const list = useInsights({ applicationId, state: 'open' }, { enabled: allowed });
  if (!allowed || list.isError) return null;
  const items = list.data?.items ?? [];
  const total = items.reduce((sum, i) => sum + (shownSavingMinor(i) ?? 0), 0);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Savings opportunities</CardTitle>
        <CardDescription>
          {list.isPending
            ? 'Looking for savings…'
            : items.length === 0
              ? 'No open savings opportunities for this application.'
              : `${items.length} open, ${formatMoneyMinor(total, list.data?.currency ?? 'USD')} per year counted (overlaps counted once).`}
        </CardDescription>
      </CardHeader>
      {items.length > 0 && (
        <CardContent>
          <ul className="grid gap-3" aria-label="Savings opportunities">
            {items.map((insight) => (
              <li key={insight.id} className="grid gap-1 rounded-md border p-3">
                <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-3">
                  <Link to={insightPath(insight.id)} className="text-sm font-medium hover:underline">
                    {insight.title}
                  </Link>
                  <SavingText insight={insight} className="shrink-0 text-sm sm:text-right" />
                </div>
                <ConfidenceNote insight={insight} />
              </li>
            ))}
          </ul>
        </CardContent>
      )}
    </Card>
  );
}
