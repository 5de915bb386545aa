import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** A browser-like frame around an illustration of the product. */
export function ProductFrame({
  children,
  label,
  className,
}: {
  children: ReactNode;
  label: string;
  className?: string;
}) {
  return (
    <figure
      className={cn(
        'overflow-hidden rounded-xl border bg-card shadow-2xl shadow-primary/5 ring-1 ring-black/5',
        className,
      )}
    >
      <div className="flex items-center gap-2 border-b bg-muted/40 px-4 py-2.5">
        <span className="size-2.5 rounded-full bg-rose-400/80" />
        <span className="size-2.5 rounded-full bg-amber-400/80" />
        <span className="size-2.5 rounded-full bg-emerald-400/80" />
        <span className="ml-3 truncate rounded-md bg-background px-3 py-0.5 text-[11px] text-muted-foreground">
          {label}
        </span>
      </div>
      {children}
      <figcaption className="sr-only">Illustration of the Stackwise app with sample data</figcaption>
    </figure>
  );
}
