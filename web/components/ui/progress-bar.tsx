import { cn } from '@/lib/cn';

/**
 * A progress bar with an accessible value: determinate for a fraction 0..1, or indeterminate
 * (pulsing, no value) when `value` is null because the work cannot say how far it is.
 */
export function ProgressBar({ value, label, className }: { value: number | null; label: string; className?: string }) {
  const percent = value === null ? null : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent ?? undefined}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      {percent === null ? (
        <div className="h-full w-full animate-pulse rounded-full bg-primary/60" />
      ) : (
        <div className="h-full rounded-full bg-primary transition-[width] duration-200" style={{ width: `${percent}%` }} />
      )}
    </div>
  );
}
