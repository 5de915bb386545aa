import {
  PEER_MIN_ORGANIZATIONS,
  type NormalisedPriceWire,
  type PeerBenchmarkWire,
} from '@common/contracts/benchmarks';
import { formatDate } from '@/lib/format';
import { money, ordinal, perMonthText, TERM_LABELS } from '@/lib/benchmarks/format';

/** Position of `value` on the bar, in % of its width. */
function place(value: number, low: number, high: number): number {
  return high === low ? 50 : ((value - low) / (high - low)) * 100;
}

/** p25–p75 as a band, the median as a line and our price as a dot, on a scale wide enough for all. */
function RangeBar({ peer, ours }: { peer: PeerBenchmarkWire; ours: number }) {
  const low = Math.min(peer.p25Minor, ours);
  const high = Math.max(peer.p75Minor, ours);
  const pad = (high - low) * 0.1 || Math.max(high * 0.1, 1);
  const [from, to] = [low - pad, high + pad];
  const label = `Peers pay ${money(peer.p25Minor, peer.currency)} to ${money(peer.p75Minor, peer.currency)} (median ${money(
    peer.medianMinor,
    peer.currency,
  )}); you pay ${money(ours, peer.currency)}.`;
  return (
    <div role="img" aria-label={label} className="relative h-6">
      <div className="absolute inset-x-0 top-1/2 h-1 -translate-y-1/2 rounded-full bg-muted" />
      <div
        className="absolute top-1/2 h-2.5 -translate-y-1/2 rounded-full bg-primary/30"
        style={{
          left: `${place(peer.p25Minor, from, to)}%`,
          width: `${place(peer.p75Minor, from, to) - place(peer.p25Minor, from, to)}%`,
        }}
      />
      <div
        className="absolute top-1/2 h-4 w-0.5 -translate-y-1/2 bg-primary"
        style={{ left: `${place(peer.medianMinor, from, to)}%` }}
      />
      <div
        className="absolute top-1/2 size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-background bg-foreground"
        style={{ left: `${place(ours, from, to)}%` }}
      />
    </div>
  );
}

const BAND_LABELS = { '1-10': '1–10', '11-50': '11–50', '51-250': '51–250', '251+': '251+' } as const;

/** What peers on this installation pay for the same application, tier, seat band and term. */
export function PeerRange({ peer, price }: { peer: PeerBenchmarkWire; price: NormalisedPriceWire }) {
  const figures = [
    ['25th percentile', peer.p25Minor],
    ['Median', peer.medianMinor],
    ['75th percentile', peer.p75Minor],
  ] as const;
  return (
    <div className="grid gap-2" data-testid="peer-range">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="text-sm font-medium">
          What peers pay · {BAND_LABELS[peer.seatBand]} seats, {TERM_LABELS[peer.term]}
        </h4>
        <span className="text-xs text-muted-foreground">{peer.organizations} organizations</span>
      </div>
      <RangeBar peer={peer} ours={price.perMonthMinor} />
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-hidden>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-2 w-4 rounded-full bg-primary/30" /> middle half of peers
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-3 w-0.5 bg-primary" /> median
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block size-2.5 rounded-full bg-foreground" /> you
        </span>
      </p>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="tabular-nums">{money(value, peer.currency)}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm">
        You pay {perMonthText(price.perMonthMinor, price.currency, peer.unit)}
        {peer.percentile !== null &&
          `, the ${ordinal(peer.percentile)} percentile: more than ${Math.round(peer.percentile)}% of these organizations pay`}
        .
      </p>
      <p className="text-xs text-muted-foreground">
        Computed {formatDate(peer.computedAt)} from what organizations on this installation pay, normalised
        per {peer.unit === 'user' ? 'seat per month' : 'month'}. Each figure needs at least{' '}
        {PEER_MIN_ORGANIZATIONS} different organizations and never shows one organization&apos;s price.
      </p>
    </div>
  );
}
