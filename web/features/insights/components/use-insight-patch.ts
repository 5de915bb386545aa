import type { Insight, InsightPatchBody } from '@common/contracts/insights';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useUpdateInsight } from '../api/update-insight';

export interface InsightPatch {
  /** Sends the change; toasts the outcome; calls `done` once saved. */
  run: (body: InsightPatchBody, success: string, done?: () => void) => void;
  pending: boolean;
}

/** What every dialog on an opportunity takes. */
export interface InsightDialogProps {
  insight: Insight;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  patch: InsightPatch;
}

/** One opportunity's changes, with the toasts every screen shows. */
export function useInsightPatch(id: string): InsightPatch {
  const update = useUpdateInsight();
  return {
    pending: update.isPending,
    run: (body, success, done) =>
      update.mutate(
        { id, ...body },
        {
          onSuccess: () => {
            toast({ variant: 'success', title: success });
            done?.();
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: 'Could not save the change',
              description: errorMessage(error),
            }),
        },
      ),
  };
}
