import { AlertTriangle, Search, Upload, UserPlus, Users } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import type { Person } from '@common/contracts/people';
import { PLANS } from '@common/plans';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Input } from '@/components/ui/input';
import { ChoiceSelect } from '@/components/ui/choice-select';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody } from '@/components/ui/table';
import { TableColumns } from '@/components/ui/table-columns';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageHeader } from '@/components/layout/page-header';
import { UpgradeDialog } from '@/components/billing/upgrade-dialog';
import { useLicenseAccess } from '@/lib/licenses/license-access';
import { useLicenses } from '@/lib/licenses/get-licenses';
import { ReasonTooltip } from '@/components/ui/reason-tooltip';
import { errorMessage } from '@/lib/api-client';
import { useDepartments } from '@/lib/people/get-departments';
import { usePeople } from '../api/get-people';
import { ImportPeopleDialog } from './import-people-dialog';
import { OffboardDialog } from './offboard-dialog';
import { PeopleDialogs, usePeopleDialogs } from './people-dialogs';
import { PersonRow, type LicensesCellProps } from './person-row';

const PAGE_SIZE = 50;
type Status = 'active' | 'offboarded' | 'all';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * /app/users: people with their licenses as chips, edited inline, and what each person costs a year.
 * `licensesCell` renders a person's licenses; web/app passes the licenses feature's cell.
 */
export function UsersPage({ licensesCell }: { licensesCell: (cell: LicensesCellProps) => ReactNode }) {
  const access = useLicenseAccess();
  const [q, setQ] = useState('');
  const [department, setDepartment] = useState('');
  const [status, setStatus] = useState<Status>('active');
  const [page, setPage] = useState(1);
  const query = useDebounced(q.trim(), 250);
  const people = usePeople({
    q: query || undefined,
    department: department || undefined,
    status,
    page,
    pageSize: PAGE_SIZE,
  });
  const departments = useDepartments();
  const licenses = useLicenses({ enabled: access?.licensed ?? false });
  const [importOpen, setImportOpen] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [offboarding, setOffboarding] = useState<Person | null>(null);
  const dialogs = usePeopleDialogs();

  useEffect(() => setPage(1), [query, department, status]);
  if (!access) return <Spinner />;
  const pools = licenses.data?.applications.flatMap((a) => a.pools) ?? [];
  const data = people.data;
  const actions = { ...dialogs.actions, onOffboard: setOffboarding };

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader
        title="Users"
        description="Everyone who uses your tools, the licenses they hold and what those cost a year. Add or remove licenses right in the table."
        actions={
          <>
            <ReasonTooltip reason={access.peopleDenied}>
              <Button
                variant="outline"
                disabled={Boolean(access.peopleDenied)}
                onClick={() => setImportOpen(true)}
              >
                <Upload /> Import people
              </Button>
            </ReasonTooltip>
            <ReasonTooltip reason={access.peopleDenied}>
              <Button disabled={Boolean(access.peopleDenied)} onClick={dialogs.openCreate}>
                <UserPlus /> Add person
              </Button>
            </ReasonTooltip>
          </>
        }
      />

      {data && data.offboardedWithLicenses > 0 && status !== 'offboarded' && (
        <div
          role="status"
          className="flex flex-wrap items-center gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-sm"
        >
          <AlertTriangle className="size-4 text-warning" aria-hidden />
          <span className="flex-1">
            {data.offboardedWithLicenses} offboarded{' '}
            {data.offboardedWithLicenses === 1 ? 'person still holds' : 'people still hold'} licenses you are
            paying for.
          </span>
          <Button size="sm" variant="outline" onClick={() => setStatus('offboarded')}>
            Show them
          </Button>
        </div>
      )}
      {!access.licensed && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3 text-sm">
          <span className="flex-1">
            Assigning licenses and tracking their use is part of {PLANS.pro.name}.
          </span>
          <Button size="sm" onClick={() => setUpgradeOpen(true)}>
            See {PLANS.pro.name}
          </Button>
        </div>
      )}

      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b p-3">
          <div className="relative min-w-56 flex-1">
            <Search
              className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-muted-foreground"
              aria-hidden
            />
            <Input
              aria-label="Search people"
              placeholder="Search name, e-mail, title…"
              className="pl-8"
              value={q}
              onChange={(e) => setQ(e.target.value)}
            />
          </div>
          <ChoiceSelect
            aria-label="Department"
            className="w-48"
            value={department}
            onValueChange={setDepartment}
            emptyLabel="All departments"
            choices={(departments.data ?? []).map((d) => ({
              value: d.name,
              label: `${d.name} (${d.count})`,
            }))}
          />
          <Tabs value={status} onValueChange={(v) => setStatus(v as Status)}>
            <TabsList>
              <TabsTrigger value="active">Active</TabsTrigger>
              <TabsTrigger value="offboarded">Offboarded</TabsTrigger>
              <TabsTrigger value="all">All</TabsTrigger>
            </TabsList>
          </Tabs>
        </div>
        {people.isPending ? (
          <div className="p-6">
            <Spinner />
          </div>
        ) : people.error || !data ? (
          <p className="p-6 text-sm text-muted-foreground">
            People could not be loaded: {errorMessage(people.error)}
          </p>
        ) : data.items.length === 0 ? (
          <EmptyState
            icon={Users}
            title={query || department ? 'Nobody matches' : 'No people yet'}
            description={
              query || department ? 'Try another search.' : 'Import your HR export or add people one by one.'
            }
          />
        ) : (
          <Table>
            <TableColumns
              columns={[
                'Person',
                'Department',
                'Licenses',
                { label: 'Per year', className: 'whitespace-nowrap text-right' },
                { label: 'Actions', className: 'w-12', labelHidden: true },
              ]}
            />
            <TableBody>
              {data.items.map((person) => (
                <PersonRow
                  key={person.id}
                  person={person}
                  pools={pools}
                  editDenied={access.editDenied}
                  peopleDenied={access.peopleDenied}
                  actions={actions}
                  licensesCell={licensesCell}
                />
              ))}
            </TableBody>
          </Table>
        )}
        {data && data.total > PAGE_SIZE && (
          <div className="flex items-center justify-between border-t p-3 text-sm text-muted-foreground">
            <span>
              {(page - 1) * PAGE_SIZE + 1}–{Math.min(page * PAGE_SIZE, data.total)} of {data.total}
            </span>
            <div className="flex gap-2">
              <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
                Previous
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={page * PAGE_SIZE >= data.total}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </div>
          </div>
        )}
      </Card>

      <PeopleDialogs state={dialogs} />
      <OffboardDialog person={offboarding} onOpenChange={(open) => !open && setOffboarding(null)} />
      <ImportPeopleDialog open={importOpen} onOpenChange={setImportOpen} />
      <UpgradeDialog planId="pro" open={upgradeOpen} onOpenChange={setUpgradeOpen} />
    </div>
  );
}
