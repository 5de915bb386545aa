import { AlertTriangle, UsersRound } from 'lucide-react';
import { useState } from 'react';
import type { TeamToolsGroup } from '@common/contracts/team-tools';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableRow } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { LicensesUpgradePrompt } from '@/components/billing/licenses-upgrade-prompt';
import { useLicenseAccess } from '@/lib/licenses/license-access';
import { formatTotals } from '@/components/money-totals';
import { errorMessage } from '@/lib/api-client';
import { formatMoneyMinor } from '@/lib/format';
import { useTeamTools } from '../api/get-team-tools';

function GroupCard({ group }: { group: TeamToolsGroup }) {
  const title = [group.department ?? 'No department', group.team].filter(Boolean).join(' · ');
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          {group.headcount} {group.headcount === 1 ? 'person' : 'people'} · {formatTotals(group.yearlyCosts)}{' '}
          a year · {formatTotals(group.costPerHead)} per head
        </CardDescription>
        {group.overlaps.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2" aria-label="Overlapping tools">
            {group.overlaps.map((o) => (
              <Badge key={o.category} variant="warning">
                <AlertTriangle className="size-3" aria-hidden /> {o.applications.length} {o.category} tools:{' '}
                {o.applications.join(', ')}
              </Badge>
            ))}
          </div>
        )}
      </CardHeader>
      {group.applications.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground">No tools assigned yet.</p>
      ) : (
        <Table>
          <TableColumns
            columns={[
              'Application',
              'Category',
              { label: 'Seats', className: 'text-right' },
              { label: 'Per year', className: 'text-right' },
              { label: 'Per head', className: 'text-right' },
            ]}
          />
          <TableBody>
            {group.applications.map((a) => {
              const overlapping = group.overlaps.some((o) => o.applications.includes(a.name));
              return (
                <TableRow key={a.subscriptionId}>
                  <TableCell className="font-medium">{a.name}</TableCell>
                  <TableCell className={overlapping ? 'text-warning' : 'text-muted-foreground'}>
                    {a.category ?? '—'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{a.seats ?? 'Whole team'}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {formatMoneyMinor(a.yearlyCostMinor, a.currency)}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {a.costPerHeadMinor === null ? '—' : formatMoneyMinor(a.costPerHeadMinor, a.currency)}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}

/** /app/team-tools: the tools of each department or team, what they cost per head, and overlaps. */
export function TeamToolsPage() {
  const access = useLicenseAccess();
  const [groupBy, setGroupBy] = useState<'department' | 'team'>('department');
  const tools = useTeamTools(groupBy, access?.licensed ?? false);
  if (!access) return <Spinner />;
  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Team tools"
        description="Which applications each department or team uses, what they cost per head, and where two tools do the same job."
        actions={
          access.licensed ? (
            <Tabs value={groupBy} onValueChange={(v) => setGroupBy(v as 'department' | 'team')}>
              <TabsList>
                <TabsTrigger value="department">By department</TabsTrigger>
                <TabsTrigger value="team">By team</TabsTrigger>
              </TabsList>
            </Tabs>
          ) : undefined
        }
      />
      {!access.licensed ? (
        <LicensesUpgradePrompt compact />
      ) : tools.isPending ? (
        <Spinner />
      ) : tools.error || !tools.data ? (
        <p className="text-sm text-muted-foreground">
          Team tools could not be loaded: {errorMessage(tools.error)}
        </p>
      ) : tools.data.groups.length === 0 ? (
        <EmptyState
          icon={UsersRound}
          title="No people yet"
          description="Import people with their departments on the Users page."
        />
      ) : (
        tools.data.groups.map((g) => <GroupCard key={`${g.department}/${g.team}`} group={g} />)
      )}
    </div>
  );
}
