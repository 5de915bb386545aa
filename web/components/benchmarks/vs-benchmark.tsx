import type { RenewalBenchmarks } from '@common/contracts/benchmarks';
import { cn } from '@/lib/cn';
import { ordinal, signedPercent } from '@/lib/benchmarks/format';

type Summary = RenewalBenchmarks['items'][number];

/** The renewals table's "vs benchmark" cell: "+18% vs list" and the peer percentile, or "—". */
export function VsBenchmark({ summary }: { summary: Summary | undefined }) {
  const percent = summary?.listDifferencePercent ?? null;
  const percentile = summary?.peerPercentile ?? null;
  if (percent === null && percentile === null) return <span className="text-muted-foreground">—</span>;
  const text = percent === null ? null : signedPercent(percent, 0);
  return (
    <div className="grid gap-0.5 whitespace-nowrap">
      {text !== null && (
        <span
          className={cn(
            'text-sm tabular-nums',
            text === '0%' ? undefined : percent! > 0 ? 'text-warning' : 'text-success',
          )}
        >
          {text === '0%' ? 'At list' : `${text} vs list`}
        </span>
      )}
      {percentile !== null && (
        <span className="text-xs text-muted-foreground">{ordinal(percentile)} percentile of peers</span>
      )}
    </div>
  );
}
