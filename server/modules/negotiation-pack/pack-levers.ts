// What a buyer can push on, each lever one sentence with the figures behind it.
import type { Benchmark as SubscriptionBenchmark, Pack as NegotiationPack } from './pack-types';
import { formatAmount } from '../../../common/money';
import { formatProseDate as formatDay, inDays, plural } from '../../../common/wording';
import type { CurrentPrice } from './current-price';

type Lever = NegotiationPack['levers'][number];

export interface LeverInput {
  vendor: string;
  terms: NegotiationPack['terms'];
  seats: NegotiationPack['seats'];
  target: NegotiationPack['target'];
  price: CurrentPrice | null;
  competitors: NegotiationPack['competitors'];
  offers: SubscriptionBenchmark['offers'];
}

function timing({ terms, vendor }: LeverInput): Lever {
  if (!terms.cancelByDate || terms.daysToCancelBy === null) {
    return {
      kind: 'timing',
      text: 'No renewal date is recorded: set it, so the talks start before the notice period.',
    };
  }
  const day = formatDay(terms.cancelByDate);
  if (terms.daysToCancelBy < 0) {
    return {
      kind: 'timing',
      text: `The cancel-by date (${day}) has passed, so ${vendor} knows this term is locked in: negotiate the next term now and ask for a cap on price increases.`,
    };
  }
  const after = terms.autoRenew ? 'the application renews automatically' : 'you renew on the terms offered';
  return {
    kind: 'timing',
    text: `Your cancel-by date is ${day}, ${inDays(terms.daysToCancelBy)}: while leaving is still possible you have leverage; after it ${after}.`,
  };
}

function rightSize({ seats, target, price }: LeverInput): Lever | null {
  if (seats.bought === null || target.seats === null || target.seats >= seats.bought) return null;
  const fewer = seats.bought - target.seats;
  const saving =
    price?.unit === 'user'
      ? ` (${formatAmount(fewer * price.perMonthMinor * 12, price.currency)} a year at today’s price)`
      : '';
  return {
    kind: 'right_size',
    text: `Renew ${plural(target.seats, 'seat')} instead of ${seats.bought}: ${fewer} fewer${saving}.`,
  };
}

function benchmarks({ price, vendor }: LeverInput): Lever[] {
  const levers: Lever[] = [];
  const list = price?.entry?.list;
  if (price && list && list.differencePercent > 0) {
    levers.push({
      kind: 'list_price',
      text: `You pay ${list.differencePercent}% above the public list price of the ${list.plan} plan (${formatAmount(list.differenceYearlyMinor, price.currency)} a year more): ask ${vendor} to match list at least.`,
    });
  }
  const peer = price?.entry?.peer;
  if (price && peer && peer.percentile !== null && peer.percentile > 50) {
    levers.push({
      kind: 'peer_price',
      text: `You pay more than ${peer.percentile}% of ${peer.organizations} comparable organizations; their median is ${formatAmount(peer.medianMinor, price.currency)}.`,
    });
  }
  return levers;
}

function term({ terms }: LeverInput): Lever {
  return terms.billingCycle === 'multi-year'
    ? {
        kind: 'multi_year',
        text: 'You already commit for several years: ask for a cap on increases at the next renewal in return.',
      }
    : {
        kind: 'multi_year',
        text: 'Offer a two- or three-year term in return for a lower price and a cap on yearly increases.',
      };
}

function volume({ price, target, seats }: LeverInput): Lever | null {
  if (price?.unit !== 'user') return null;
  const count = target.seats ?? seats.bought ?? price.seats;
  if (!count) return null;
  return {
    kind: 'volume',
    text: `Ask for the per-seat price of the next volume band for ${plural(count, 'seat')}, and whether other teams’ accounts can count towards it.`,
  };
}

function competitors({ competitors: list }: LeverInput): Lever | null {
  if (list.length === 0) return null;
  const named = list
    .slice(0, 3)
    .map((c) =>
      c.listPerMonthMinor !== null && c.currency
        ? `${c.name} (${formatAmount(c.listPerMonthMinor, c.currency)} ${c.unit === 'user' ? 'per seat ' : ''}per month list)`
        : c.name,
    );
  return { kind: 'competitors', text: `Mention the alternatives you could move to: ${named.join(', ')}.` };
}

function offers({ offers: list }: LeverInput): Lever[] {
  return list.map((offer) => ({
    kind: 'group_offer',
    text: `Group offer: ${offer.title}, ${offer.discountPercent}% off${offer.conditions ? ` (${offer.conditions})` : ''}${offer.expiresOn ? `, until ${formatDay(offer.expiresOn)}` : ''}.`,
  }));
}

/** The levers in the order a buyer uses them: the deadline, then what the figures prove, then asks. */
export function negotiationLevers(input: LeverInput): Lever[] {
  return [
    timing(input),
    rightSize(input),
    ...benchmarks(input),
    ...offers(input),
    competitors(input),
    volume(input),
    term(input),
  ].filter((lever): lever is Lever => lever !== null);
}
