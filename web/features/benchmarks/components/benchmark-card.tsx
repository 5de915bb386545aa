import type { SubscriptionBenchmark } from '@common/contracts/benchmarks';
import type { Role } from '@common/roles';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCurrentOrganizationSummary } from '@/lib/organizations/get-organizations';
import { useOrganization } from '@/lib/organizations/get-organization';
import { errorMessage } from '@/lib/api-client';
import { useSubscriptionBenchmark } from '../api/get-subscription-benchmark';
import { money, perMonthText, TERM_LABELS } from '@/lib/benchmarks/format';
import { GroupOffers } from './group-offers';
import { ListComparison } from './list-comparison';
import { PeerRange } from './peer-range';
import { ReleaseBenchmarkTool } from './select-benchmark-tool';
import { ListUnavailableNote, PeerUnavailableNote } from './unavailable-note';
import { plural } from '@common/wording';

type PriceEntry = SubscriptionBenchmark['prices'][number];

/** The reason every entry shares, said once for the whole card instead of once per tier. */
function sharedReason<T>(values: Array<T | null>): T | null {
  const first = values[0] ?? null;
  return first !== null && values.every((v) => v === first) ? first : null;
}

function PriceHeader({ price }: { price: PriceEntry['price'] }) {
  const details = [
    price.seats !== null && price.unit === 'user' ? plural(price.seats, 'seat') : null,
    TERM_LABELS[price.term],
    `${money(price.yearlyMinor, price.currency)} per year`,
  ].filter(Boolean);
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <h3 className="text-sm font-semibold">{price.tierName ?? 'Your price'}</h3>
      <div className="text-right">
        <div className="text-sm tabular-nums">
          {perMonthText(price.perMonthMinor, price.currency, price.unit)}
        </div>
        <div className="text-xs text-muted-foreground">{details.join(' · ')}</div>
      </div>
    </div>
  );
}

function PriceBenchmark({
  entry,
  showList,
  showPeer,
  subscriptionId,
  role,
}: {
  entry: PriceEntry;
  showList: boolean;
  showPeer: boolean;
  subscriptionId: string;
  role: Role;
}) {
  const { price, list, listUnavailable, peer, peerUnavailable } = entry;
  return (
    <section
      aria-label={price.tierName ?? 'Your price'}
      className="grid gap-3 border-b pb-4 last:border-0 last:pb-0"
    >
      <PriceHeader price={price} />
      {list ? (
        <ListComparison list={list} price={price} />
      ) : (
        showList &&
        listUnavailable && (
          <ListUnavailableNote reason={listUnavailable} subscriptionId={subscriptionId} role={role} />
        )
      )}
      {peer ? (
        <PeerRange peer={peer} price={price} />
      ) : (
        showPeer && peerUnavailable && <PeerUnavailableNote reason={peerUnavailable} />
      )}
    </section>
  );
}

function BenchmarkBody({
  data,
  role,
  starter,
}: {
  data: SubscriptionBenchmark;
  role: Role;
  starter: boolean;
}) {
  if (data.prices.length === 0) {
    return <p className="text-sm text-muted-foreground">This application has no price to compare yet.</p>;
  }
  const listReason = sharedReason(data.prices.map((p) => (p.list ? null : p.listUnavailable)));
  const peerReason = sharedReason(data.prices.map((p) => (p.peer ? null : p.peerUnavailable)));
  // Said once: a peer reason that repeats the list's (not in the catalogue, no price) is not said twice.
  const peerReasonShown = peerReason !== null && peerReason !== listReason ? peerReason : null;
  return (
    <div className="grid gap-4">
      {listReason && (
        <ListUnavailableNote reason={listReason} subscriptionId={data.subscriptionId} role={role} />
      )}
      {data.prices.map((entry, index) => (
        <PriceBenchmark
          key={entry.price.tierId ?? `own-${index}`}
          entry={entry}
          showList={listReason === null}
          showPeer={peerReason === null}
          subscriptionId={data.subscriptionId}
          role={role}
        />
      ))}
      {peerReasonShown && <PeerUnavailableNote reason={peerReasonShown} />}
      <GroupOffers offers={data.offers} role={role} />
      {starter && data.selected && <ReleaseBenchmarkTool subscriptionId={data.subscriptionId} role={role} />}
    </div>
  );
}

/** The application page's benchmark: what we pay against the list price and against peers, and group offers. */
export function BenchmarkCard({ subscriptionId }: { subscriptionId: string }) {
  const query = useSubscriptionBenchmark(subscriptionId);
  const role = useCurrentOrganizationSummary()?.role ?? 'viewer';
  const starter = useOrganization().data?.effectivePlan === 'starter';
  return (
    <Card data-testid="benchmark-card">
      <CardHeader>
        <CardTitle>Benchmark</CardTitle>
        <CardDescription>
          {query.isPending
            ? 'Comparing prices…'
            : query.isError
              ? `Benchmarks could not be loaded: ${errorMessage(query.error)}`
              : 'What you pay against the public list price and what peers pay, normalised to a month.'}
        </CardDescription>
      </CardHeader>
      {query.data && (
        <CardContent>
          <BenchmarkBody data={query.data} role={role} starter={starter} />
        </CardContent>
      )}
    </Card>
  );
}
