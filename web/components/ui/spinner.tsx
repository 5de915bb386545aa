import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

export function Spinner({ className, label = 'Loading' }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-label={label} className="inline-flex">
      <Loader2 className={cn('size-5 animate-spin text-muted-foreground', className)} aria-hidden />
    </span>
  );
}

/** Covers the screen while the session loads (spec §2 access rules). */
export function FullScreenSpinner() {
  return (
    <div
      className="flex min-h-dvh items-center justify-center bg-background"
      data-testid="full-screen-spinner"
    >
      <Spinner className="size-8 text-primary" />
    </div>
  );
}
