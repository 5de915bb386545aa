import { DatabaseZap } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useLoadDemoData } from '../api/load-demo-data';

/** Fills an empty workspace with the demo company, so a newcomer sees every screen with data. */
export function LoadDemoButton({ variant = 'ghost' }: { variant?: 'ghost' | 'outline' }) {
  const demo = useLoadDemoData();
  return (
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
              description: 'Explore a realistic company: applications, people, renewals, expenses and budgets.',
              variant: 'success',
            }),
          (error: unknown) =>
            toast({ title: 'Could not load demo data', description: errorMessage(error), variant: 'destructive' }),
        )
      }
    >
      <DatabaseZap />
      {demo.isPending ? 'Loading demo data…' : 'Load demo data'}
    </Button>
  );
}
