import type { UtilisationView } from '@common/contracts/licenses';
import { cn } from '@/lib/cn';

function Bar({
  label,
  value,
  max,
  className,
}: {
  label: string;
  value: number;
  max: number;
  className: string;
}) {
  const width = max === 0 ? 0 : Math.min(100, (value / max) * 100);
  return (
    <div className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-2 text-xs">
      <span className="text-muted-foreground">{label}</span>
      <div className="h-1.5 overflow-hidden rounded-full bg-muted">
        <div className={cn('h-full rounded-full', className)} style={{ width: `${width}%` }} />
      </div>
      <span className="text-right tabular-nums">{value}</span>
    </div>
  );
}

/** Purchased, assigned and active seats as bars on one scale (unlimited: the assigned seats set it). */
export function UtilisationBars({ utilisation }: { utilisation: UtilisationView }) {
  const { purchased, assigned, active } = utilisation;
  const max = Math.max(purchased ?? 0, assigned, 1);
  return (
    <div
      className="grid min-w-48 gap-1"
      role="img"
      aria-label={`${purchased === null ? 'Unlimited seats' : `${purchased} purchased`}, ${assigned} assigned, ${active} active`}
    >
      {purchased === null ? (
        <div className="grid grid-cols-[4.5rem_1fr_2.5rem] gap-2 text-xs">
          <span className="text-muted-foreground">Purchased</span>
          <span className="text-muted-foreground">Unlimited</span>
          <span />
        </div>
      ) : (
        <Bar label="Purchased" value={purchased} max={max} className="bg-muted-foreground/40" />
      )}
      <Bar
        label="Assigned"
        value={assigned}
        max={max}
        className={utilisation.overAssigned ? 'bg-warning' : 'bg-primary/50'}
      />
      <Bar label="Active" value={active} max={max} className="bg-success" />
    </div>
  );
}
