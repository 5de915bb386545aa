import { cn } from '@/lib/cn';

interface Props {
  actualPercent: number;
  forecastPercent: number;
  thresholds: number[];
  label: string;
}

const clamp = (v: number) => Math.min(100, Math.max(0, v));

/**
 * One bar for a budget: actual spend solid, forecast (actual + committed) hatched behind it,
 * threshold ticks on top. Beyond 100% the bar is full and turns red.
 */
export function BudgetProgress({ actualPercent, forecastPercent, thresholds, label }: Props) {
  const over = actualPercent > 100;
  const tone = over ? 'bg-destructive' : actualPercent >= Math.min(...thresholds) ? 'bg-warning' : 'bg-primary';
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(clamp(actualPercent))}
      aria-valuetext={`${actualPercent}% spent, ${forecastPercent}% forecast`}
      className="relative h-3 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn('absolute inset-y-0 left-0 rounded-full opacity-35', forecastPercent > 100 ? 'bg-destructive' : 'bg-primary')}
        style={{ width: `${clamp(forecastPercent)}%` }}
        data-testid="forecast-bar"
      />
      <div className={cn('absolute inset-y-0 left-0 rounded-full', tone)} style={{ width: `${clamp(actualPercent)}%` }} />
      {thresholds
        .filter((t) => t < 100)
        .map((t) => (
          <div key={t} className="absolute inset-y-0 w-0.5 bg-foreground/60" style={{ left: `${t}%` }} title={`${t}% alert`} />
        ))}
    </div>
  );
}
