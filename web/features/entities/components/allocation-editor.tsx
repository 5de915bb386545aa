import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import {
  FULL_SHARE_BP,
  type AllocationMethod,
  type AllocationResponse,
  type AllocationTargetKind,
} from '@common/contracts/entities';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input, NativeSelect } from '@/components/ui/input';
import { namedOptions, OptionsSelect } from '@/components/ui/options-select';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { cn } from '@/lib/cn';
import { errorMessage, isStatus } from '@/lib/api-client';
import { useDeleteAllocation } from '../api/delete-allocation';
import { useAllocation } from '../api/get-allocation';
import { usePutAllocation } from '../api/put-allocation';
import { useBrands } from '../api/get-brands';
import { useEntities } from '../api/get-entities';
import {
  evenPercents,
  formatBp,
  percentToBp,
  sharesProblem,
  totalBp,
  type ShareRow,
} from './allocation-shares';
import { AllocationSummary } from './allocation-summary';
import { useEntitiesAccess } from './use-entities-access';

const METHOD_LABELS: Record<AllocationMethod, string> = {
  fixed: 'Fixed shares',
  department: 'By department',
  license_holders: 'By license holders',
};
const METHOD_HINTS: Record<AllocationMethod, string> = {
  fixed: 'Split by the percentages below.',
  department:
    'Split by the departments of the people holding its licenses, each department as mapped on the Entities page.',
  license_holders: 'Split by the entity and brand of the people holding its licenses.',
};
/** Rules follow licenses, so only what has licenses can use them. */
const RULE_KINDS: readonly AllocationTargetKind[] = ['subscription', 'license_pool'];

interface Props {
  kind: AllocationTargetKind;
  id: string;
}

/**
 * Which entities and brands something belongs to: the current allocation, and on Scale an editor for
 * it (fixed percentages adding up to 100 %, or a rule). Below Scale: the default, read-only.
 */
export function AllocationEditor({ kind, id }: Props) {
  const access = useEntitiesAccess('brands');
  const allocation = useAllocation(kind, id);
  const [editing, setEditing] = useState(false);

  if (allocation.isPending) return <Spinner />;
  const readOnlyNote = !access.allowed && <UpgradeNote />;
  if (allocation.isError) {
    // Below Scale the API may refuse to read it: then it is the default, as for every organization there.
    if (isStatus(allocation.error, 403))
      return (
        <div className="grid gap-3">
          <p className="text-sm">100 % to the default entity and brand.</p>
          {readOnlyNote}
        </div>
      );
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(allocation.error, 'Could not load the allocation.')}
      </p>
    );
  }
  if (editing && access.canWrite)
    return <SharesForm kind={kind} id={id} current={allocation.data} onDone={() => setEditing(false)} />;
  return (
    <div className="grid gap-3">
      <AllocationSummary shares={allocation.data.shares} />
      {allocation.data.method !== 'fixed' && (
        <p className="text-xs text-muted-foreground">
          {METHOD_LABELS[allocation.data.method]}: kept up to date as licenses change.
        </p>
      )}
      {readOnlyNote}
      {access.canWrite && (
        <div>
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Change allocation
          </Button>
        </div>
      )}
    </div>
  );
}

/** The editor as a card on a detail page. */
export function AllocationCard(props: Props) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Entity &amp; brand</CardTitle>
      </CardHeader>
      <CardContent>
        <AllocationEditor {...props} />
      </CardContent>
    </Card>
  );
}

function UpgradeNote() {
  const { openUpgrade } = useUpgradeDialog();
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-primary/40 bg-primary/5 p-3 text-sm">
      <span className="flex-1">Splitting costs across entities and brands is part of the Scale plan.</span>
      <Button size="sm" onClick={() => openUpgrade('scale')}>
        Upgrade to Scale
      </Button>
    </div>
  );
}

let nextKey = 1;
const rowsOf = (current: AllocationResponse): ShareRow[] =>
  current.shares.map((s) => ({
    key: nextKey++,
    entityId: s.entityId,
    brandId: s.brandId,
    percent: formatBp(s.basisPoints),
  }));

function SharesForm({
  kind,
  id,
  current,
  onDone,
}: Props & { current: AllocationResponse; onDone: () => void }) {
  const entities = useEntities();
  const brands = useBrands();
  const put = usePutAllocation();
  const reset = useDeleteAllocation();
  const [method, setMethod] = useState<AllocationMethod>(current.method);
  const [rows, setRows] = useState<ShareRow[]>(() => rowsOf(current));

  const total = totalBp(rows);
  const problem = method === 'fixed' ? sharesProblem(rows) : null;
  const defaultEntity = entities.data?.find((e) => e.isDefault)?.id ?? '';
  const change = (key: number, patch: Partial<ShareRow>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const addRow = () =>
    setRows((rs) => [
      ...rs,
      {
        key: nextKey++,
        entityId: defaultEntity,
        brandId: '',
        // What is left to reach 100 %, so the usual two-way split needs only a brand.
        percent: total < FULL_SHARE_BP ? formatBp(FULL_SHARE_BP - total) : '',
      },
    ]);
  const splitEvenly = () => {
    const percents = evenPercents(rows.length);
    setRows((rs) => rs.map((r, i) => ({ ...r, percent: percents[i]! })));
  };
  const save = () =>
    put.mutate(
      {
        kind,
        id,
        body: {
          method,
          shares:
            method === 'fixed'
              ? rows.map((r) => ({
                  entityId: r.entityId,
                  brandId: r.brandId,
                  percent: percentToBp(r.percent)! / 100,
                }))
              : [],
        },
      },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Allocation saved' });
          onDone();
        },
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(e) }),
      },
    );
  const backToDefault = () =>
    reset.mutate(
      { kind, id },
      {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Back to the default entity and brand' });
          onDone();
        },
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Could not save', description: errorMessage(e) }),
      },
    );

  const activeEntities = (selected: string) =>
    (entities.data ?? []).filter((e) => !e.archived || e.id === selected);
  const activeBrands = (selected: string) =>
    (brands.data ?? []).filter((b) => !b.archived || b.id === selected);
  return (
    <div className="grid gap-4">
      {RULE_KINDS.includes(kind) && (
        <FormField label="Method" hint={METHOD_HINTS[method]}>
          <NativeSelect value={method} onChange={(e) => setMethod(e.target.value as AllocationMethod)}>
            {Object.entries(METHOD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      )}
      {method === 'fixed' && (
        <div className="grid gap-2">
          {rows.map((row, i) => (
            <div key={row.key} className="grid grid-cols-[1fr_1fr_6rem_auto] items-center gap-2">
              <OptionsSelect
                aria-label={`Entity, row ${i + 1}`}
                value={row.entityId}
                onChange={(e) => change(row.key, { entityId: e.target.value })}
                emptyLabel="Entity…"
                options={namedOptions(activeEntities(row.entityId))}
              />
              <OptionsSelect
                aria-label={`Brand, row ${i + 1}`}
                value={row.brandId}
                onChange={(e) => change(row.key, { brandId: e.target.value })}
                emptyLabel="Brand…"
                options={namedOptions(activeBrands(row.brandId))}
              />
              <div className="flex items-center gap-1">
                <Input
                  aria-label={`Percent, row ${i + 1}`}
                  inputMode="decimal"
                  className="text-right tabular-nums"
                  value={row.percent}
                  onChange={(e) => change(row.key, { percent: e.target.value })}
                />
                <span className="text-sm text-muted-foreground">%</span>
              </div>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove row ${i + 1}`}
                disabled={rows.length === 1}
                onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
              >
                <X />
              </Button>
            </div>
          ))}
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="outline" size="sm" onClick={addRow}>
              <Plus /> Add share
            </Button>
            <Button variant="outline" size="sm" disabled={rows.length === 0} onClick={splitEvenly}>
              Split evenly
            </Button>
            <span
              className={cn(
                'ml-auto text-sm font-medium tabular-nums',
                total === FULL_SHARE_BP ? 'text-success' : 'text-destructive',
              )}
            >
              Total {formatBp(total)} %
            </span>
          </div>
          {problem && (
            <p role="alert" className="text-sm text-destructive">
              {problem}
            </p>
          )}
        </div>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {current.explicit && (
          <Button variant="ghost" disabled={reset.isPending} onClick={backToDefault}>
            Reset to default
          </Button>
        )}
        <Button variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button disabled={problem !== null || put.isPending} onClick={save}>
          Save allocation
        </Button>
      </div>
    </div>
  );
}
