import { DatabaseZap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { demoStepLabel, useLoadDemoData } from '@/lib/demo/load-demo-data';

/**
 * Fills an empty workspace with the demo company, so a newcomer sees every screen with data. The
 * load takes a few seconds: the button and a bar show its steps, and the rest of the page stays usable.
 */
export function LoadDemoButton({ variant = 'ghost' }: { variant?: 'ghost' | 'outline' }) {
  const demo = useLoadDemoData();
  const { progress } = demo;
  return (
    <span className="inline-flex flex-col items-stretch gap-2">
      <Button
        variant={variant}
        disabled={demo.isPending}
        // A promise, not `mutate` callbacks: the refreshed page replaces the empty state that holds
        // this button, and TanStack never runs the per-call callbacks of an unmounted component.
        onClick={() =>
          void demo.mutateAsync().then(
            () =>
              toast({
                title: 'Demo data loaded',
                description:
                  'Explore a realistic company: applications, people, renewals, expenses and budgets.',
                variant: 'success',
              }),
            (error: unknown) =>
              toast({
                title: 'Could not load demo data',
                description: errorMessage(error),
                variant: 'destructive',
              }),
          )
        }
      >
        <DatabaseZap />
        <span aria-live="polite">{demo.isPending ? demoStepLabel(progress) : 'Load demo data'}</span>
      </Button>
      {demo.isPending && (
        <ProgressBar value={progress ? progress.done / progress.total : null} label="Demo data progress" />
      )}
    </span>
  );
}
