import { PLANS } from '@common/plans';
import { can, deniedReason, type Role } from '@common/roles';
import { Button } from '@/components/ui/button';
import { useUpgradeDialog } from '@/lib/billing/use-upgrade-dialog';
import { toast } from '@/components/ui/use-toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useBenchmarkSelection } from '../api/get-benchmark-selection';
import { useUpdateBenchmarkSelection } from '../api/update-benchmark-selection';

const STARTER_TOOLS = PLANS.starter.maxBenchmarkTools;

function useSelectionChange(role: Role) {
  const selection = useBenchmarkSelection();
  const update = useUpdateBenchmarkSelection();
  const change = (ids: string[], done: string) =>
    update.mutate(ids, {
      onSuccess: () => toast({ variant: 'success', title: done }),
      // A plan limit opens the upgrade dialog (billing's provider); anything else is said here.
      onError: (error) => {
        if (error instanceof ApiError && error.data?.code === 'plan_limit') return;
        toast({
          variant: 'destructive',
          title: 'Could not change your benchmark tools',
          description: errorMessage(error),
        });
      },
    });
  const ids = selection.data?.subscriptionIds ?? [];
  const limit = selection.data?.limit ?? STARTER_TOOLS;
  const denied = deniedReason(role, 'data.write');
  return { selection, update, change, ids, limit, denied, allowed: can(role, 'data.write') };
}

/** Starter: makes this application one of its benchmark tools (the 4th answers plan_limit → upgrade dialog). */
export function SelectBenchmarkTool({ subscriptionId, role }: { subscriptionId: string; role: Role }) {
  const { selection, update, change, ids, limit, denied, allowed } = useSelectionChange(role);
  const { openUpgrade } = useUpgradeDialog();
  return (
    <div className="grid gap-2 rounded-md border border-dashed p-3" data-testid="select-benchmark-tool">
      <p className="text-sm">
        On Starter, {limit} applications of your choice get benchmarks.{' '}
        {selection.data && `You use ${ids.length} of ${limit}.`}
      </p>
      {selection.isError && (
        <p className="text-xs text-destructive">
          Your benchmark tools could not be loaded: {errorMessage(selection.error)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          disabled={!allowed || !selection.data || update.isPending}
          onClick={() => change([...ids, subscriptionId], 'Benchmarking this application')}
        >
          Use one of your {limit} benchmark tools
        </Button>
        <Button size="sm" variant="link" onClick={() => openUpgrade('pro')}>
          Growth benchmarks every application
        </Button>
      </div>
      {denied && <p className="text-xs text-muted-foreground">{denied}</p>}
    </div>
  );
}

/** Starter: gives a benchmark tool back, so another application can use it. */
export function ReleaseBenchmarkTool({ subscriptionId, role }: { subscriptionId: string; role: Role }) {
  const { selection, update, change, ids, limit, allowed } = useSelectionChange(role);
  if (!allowed || !selection.data || selection.data.limit === null) return null;
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      One of your {limit} benchmark tools ({ids.length} used).
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0 text-xs"
        disabled={update.isPending}
        onClick={() =>
          change(
            ids.filter((id) => id !== subscriptionId),
            'Benchmark tool freed',
          )
        }
      >
        Stop benchmarking this application
      </Button>
    </p>
  );
}
