import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isStatus } from '@/lib/api-client';
import { formatRelative } from '@/lib/format';
import { useRefreshInsights } from '../api/refresh-insights';

/** "Refresh now": generates at once, at most every 5 minutes (the server says when again). */
export function RefreshButton({ availableAt }: { availableAt: string | null }) {
  const refresh = useRefreshInsights();
  const [refused, setRefused] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const waitMs = availableAt ? new Date(availableAt).getTime() - now : 0;
  const waiting = waitMs > 0;

  // Re-enable the button when its time comes.
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(waitMs + 50, 60_000));
    return () => clearTimeout(timer);
  }, [waiting, waitMs]);

  const note =
    refused ??
    (waiting && availableAt ? `Available again ${formatRelative(availableAt, new Date(now))}.` : null);
  return (
    <div className="grid justify-items-start gap-1">
      <Button
        variant="outline"
        size="sm"
        disabled={waiting || refresh.isPending}
        aria-describedby={note ? 'refresh-note' : undefined}
        onClick={() =>
          refresh.mutate(undefined, {
            onSuccess: (result) => {
              setRefused(null);
              setNow(Date.now());
              toast({
                variant: 'success',
                title: 'Insights refreshed',
                description: `${result.created} new, ${result.updated} updated, ${result.realized} realized.`,
              });
            },
            onError: (error) =>
              isStatus(error, 429)
                ? setRefused(
                    errorMessage(error, 'Insights were refreshed a moment ago. Try again in a few minutes.'),
                  )
                : toast({
                    variant: 'destructive',
                    title: 'Could not refresh',
                    description: errorMessage(error),
                  }),
          })
        }
      >
        <RefreshCw aria-hidden className={refresh.isPending ? 'animate-spin' : undefined} />
        {refresh.isPending ? 'Refreshing…' : 'Refresh now'}
      </Button>
      {note && (
        <p id="refresh-note" role="status" className="text-xs text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}
