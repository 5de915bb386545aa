import { cn } from '@/lib/cn';

const COLORS = [
  'bg-rose-500',
  'bg-orange-500',
  'bg-amber-500',
  'bg-emerald-500',
  'bg-teal-500',
  'bg-sky-500',
  'bg-indigo-500',
  'bg-violet-500',
  'bg-fuchsia-500',
];

/** A generic app tile (initial on a colour) — illustrations never use vendors' real logos. */
export function AppTile({ name, className }: { name: string; className?: string }) {
  const hash = [...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0);
  return (
    <span
      aria-hidden
      className={cn(
        'flex size-7 shrink-0 items-center justify-center rounded-md text-[11px] font-bold text-white',
        COLORS[hash % COLORS.length],
        className,
      )}
    >
      {name[0]}
    </span>
  );
}
