// Totals that count each saving once, however many detectors found it.
//
// The rule, per application, over every opportunity's claims (see SavingClaim):
// 1. Cancelling an application saves its whole cost: when any claim is on the whole application, the
//    application counts its largest such claim and nothing else (its seats and prices go with it).
// 2. Otherwise each seat counts once, at its largest claim: a seat found by "departed person",
//    "inactive license" and "renewal right-sizing" is one seat.
// 3. Price claims (a lower rate, annual billing, list price, a rise reversed) overlap one another:
//    the largest counts, scaled down to the seats that remain once the counted seats are gone.
// 4. Spend outside applications (merchant charges) counts once per merchant.
// A counted amount is credited to the first opportunity (in the order given) holding the largest claim.
import type { Opportunity, SavingClaim } from '../../../common/insights/opportunity';
import { mulDivMinor } from '../../../common/money';

export interface CombinedSavings {
  annualMinor: number;
  /**
   * The counted amount of each opportunity (its key → minor units): what it adds to the total once
   * overlaps count once; 0 when others already count it. The headline is their sum, to the cent.
   */
  counted: Map<string, number>;
  /** The claims each opportunity is credited with (a rate scaled to the seats left): they sum to its counted amount. */
  countedClaims: Map<string, SavingClaim[]>;
  /** The other opportunities each one shares a saving with (same seat, the same application's price, its whole cost). */
  overlaps: Map<string, string[]>;
}

interface Held {
  key: string;
  claim: SavingClaim;
}

/** The held claim with the largest amount (the first one on ties). */
function largest(list: readonly Held[]): Held {
  return list.reduce((best, h) => (h.claim.annualMinor > best.claim.annualMinor ? h : best));
}

function groupBy(list: readonly Held[], key: (h: Held) => string): Map<string, Held[]> {
  const map = new Map<string, Held[]>();
  for (const h of list) {
    const k = key(h);
    const group = map.get(k);
    if (group) group.push(h);
    else map.set(k, [h]);
  }
  return map;
}

/** The combined yearly saving of opportunities in one currency (the organization's). */
export function combineSavings(
  opportunities: readonly Pick<Opportunity, 'key' | 'claims'>[],
): CombinedSavings {
  const counted = new Map(opportunities.map((o) => [o.key, 0]));
  const countedClaims = new Map<string, SavingClaim[]>(opportunities.map((o) => [o.key, []]));
  const overlapping = new Map<string, Set<string>>(opportunities.map((o) => [o.key, new Set<string>()]));
  const overlap = (list: readonly Held[]) => {
    for (const a of list) for (const b of list) if (a.key !== b.key) overlapping.get(a.key)?.add(b.key);
  };
  const credit = (h: Held, amount: number) => {
    counted.set(h.key, (counted.get(h.key) ?? 0) + amount);
    // A rate is credited already scaled to the seats that remain: as a claim it has no basis left.
    const claim: SavingClaim =
      h.claim.kind === 'rate' ? { ...h.claim, annualMinor: amount, basisSeats: null } : { ...h.claim, annualMinor: amount };
    if (amount > 0) countedClaims.get(h.key)?.push(claim);
  };
  const held: Held[] = opportunities.flatMap((o) => o.claims.map((claim) => ({ key: o.key, claim })));
  const scope = (h: Held) =>
    h.claim.kind === 'charge' ? `charge:${h.claim.unit}` : `app:${h.claim.applicationId}`;

  for (const [name, claims] of groupBy(held, scope)) {
    if (name.startsWith('charge:')) {
      overlap(claims);
      const best = largest(claims);
      credit(best, best.claim.annualMinor);
      continue;
    }
    const whole = claims.filter((h) => h.claim.kind === 'application');
    if (whole.length > 0) {
      // Cancelling absorbs every other saving on the application.
      for (const w of whole) overlap([w, ...claims]);
      const best = largest(whole);
      credit(best, best.claim.annualMinor);
      continue;
    }
    const seats = groupBy(
      claims.filter((h) => h.claim.kind === 'seat'),
      (h) => (h.claim.kind === 'seat' ? h.claim.unit : ''),
    );
    for (const list of seats.values()) {
      overlap(list);
      const best = largest(list);
      credit(best, best.claim.annualMinor);
    }
    const rates = claims.filter((h) => h.claim.kind === 'rate');
    if (rates.length > 0) {
      // Prices overlap one another, and a price applies only to the seats that remain.
      overlap(rates);
      for (const r of rates) overlap([r, ...[...seats.values()].flat()]);
      const best = largest(rates);
      const basis = best.claim.kind === 'rate' ? best.claim.basisSeats : null;
      const remaining = basis === null ? null : Math.max(0, basis - seats.size);
      credit(
        best,
        remaining === null || basis === 0
          ? best.claim.annualMinor
          : mulDivMinor(best.claim.annualMinor, remaining, basis!),
      );
    }
  }
  let annualMinor = 0;
  for (const amount of counted.values()) annualMinor += amount;
  const overlaps = new Map([...overlapping].map(([key, set]) => [key, [...set].sort()]));
  return { annualMinor, counted, countedClaims, overlaps };
}
