import { PiggyBank, Plus } from 'lucide-react';
import { useState } from 'react';
import type { Budget } from '@common/contracts/budgets';
import { canUseFeature, PLANS } from '@common/plans';
import { can } from '@common/roles';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { PageHeader } from '@/components/layout/page-header';
import { UpgradeDialog } from '@/components/billing/upgrade-dialog';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useDeleteBudget } from '../api/delete-budget';
import { useBudgets } from '../api/get-budgets';
import { BudgetCard } from './budget-card';
import { BudgetChart } from './budget-chart';
import { BudgetDialog } from './budget-dialog';
import { AllocationFilterSelect } from '@/components/entities/lazy-allocation-filter-select';
import { useAllocationFilter } from '@/lib/entities/use-allocation-filter';

/** /app/budget: budget cards with progress, the selected budget's chart, create and edit (Growth). */
export function BudgetPage() {
  const organization = useOrganization();
  const plan = organization.data?.effectivePlan ?? 'starter';
  // Viewable also in the read-only grace period after a Growth trial; editable only on the plan itself.
  const allowed = canUseFeature(organization.data?.viewPlan ?? plan, 'budget');
  const { filter: allocation } = useAllocationFilter();
  const budgets = useBudgets(organization.isSuccess && allowed, allocation);
  const remove = useDeleteBudget();
  const [editing, setEditing] = useState<Budget | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [deleting, setDeleting] = useState<Budget | null>(null);

  if (organization.isPending) return <Spinner />;
  const org = organization.data;
  const startNew = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const canWrite = org ? can(org.role, 'data.write') && canUseFeature(plan, 'budget') : false;
  const header = (
    <PageHeader
      title="Budgets"
      description="Spend limits per fiscal month, quarter or year — for the whole company, a category, a department or an application."
      actions={
        allowed && (
          <>
            <AllocationFilterSelect />
            {canWrite && (
              <Button onClick={startNew}>
                <Plus /> New budget
              </Button>
            )}
          </>
        )
      }
    />
  );

  if (!allowed) {
    return (
      <div className="mx-auto grid w-full max-w-5xl grid-cols-[minmax(0,1fr)] gap-6">
        {header}
        <Card className="border-primary/40 bg-primary/5">
          <CardHeader>
            <CardTitle>Budget tracking and alerts are part of {PLANS.pro.name}</CardTitle>
            <CardDescription>
              Set budgets per period and scope, see actual and forecast spend against them, and get an alert
              before a budget is exceeded. Your expenses stay available on the {PLANS[plan].name} plan.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button onClick={() => setUpgradeOpen(true)}>Upgrade to {PLANS.pro.name}</Button>
          </CardContent>
        </Card>
        <UpgradeDialog planId="pro" open={upgradeOpen} onOpenChange={setUpgradeOpen} />
      </div>
    );
  }

  const list = budgets.data ?? [];
  const selected = list.find((b) => b.id === selectedId) ?? list[0] ?? null;
  const confirmDelete = (budget: Budget) =>
    remove.mutate(budget.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: 'Budget deleted' });
      },
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Could not delete', description: errorMessage(e) }),
    });

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6">
      {header}
      {budgets.isPending ? (
        <Spinner />
      ) : budgets.error ? (
        <p className="text-sm text-muted-foreground">
          Budgets could not be loaded: {errorMessage(budgets.error)}
        </p>
      ) : list.length === 0 ? (
        <Card>
          <EmptyState
            icon={PiggyBank}
            title="No budgets yet"
            description="Create a budget to compare matched spend and upcoming renewals against what you planned."
            action={
              canWrite && (
                <Button onClick={startNew}>
                  <Plus /> New budget
                </Button>
              )
            }
          />
        </Card>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {list.map((budget) => (
              <BudgetCard
                key={budget.id}
                budget={budget}
                selected={selected?.id === budget.id}
                canWrite={canWrite}
                onSelect={() => setSelectedId(budget.id)}
                onEdit={() => {
                  setEditing(budget);
                  setDialogOpen(true);
                }}
                onDelete={() => setDeleting(budget)}
              />
            ))}
          </div>
          {selected && <BudgetChart budget={selected} />}
        </>
      )}
      <BudgetDialog
        budget={editing}
        currency={org?.currency ?? 'USD'}
        open={dialogOpen}
        onOpenChange={setDialogOpen}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this budget?"
        description={deleting ? `Delete the budget “${deleting.name}”?` : ''}
        confirmLabel="Delete"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && confirmDelete(deleting)}
      />
    </div>
  );
}
