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
  /** What each opportunity adds to the total (its key → minor units); 0 when others already count it. */
  counted: Map<string, number>;
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
  const credit = (h: Held, amount: number) => counted.set(h.key, (counted.get(h.key) ?? 0) + amount);
  const held: Held[] = opportunities.flatMap((o) => o.claims.map((claim) => ({ key: o.key, claim })));
  const scope = (h: Held) =>
    h.claim.kind === 'charge' ? `charge:${h.claim.unit}` : `app:${h.claim.applicationId}`;

  for (const [name, claims] of groupBy(held, scope)) {
    if (name.startsWith('charge:')) {
      const best = largest(claims);
      credit(best, best.claim.annualMinor);
      continue;
    }
    const whole = claims.filter((h) => h.claim.kind === 'application');
    if (whole.length > 0) {
      const best = largest(whole);
      credit(best, best.claim.annualMinor);
      continue;
    }
    const seats = groupBy(
      claims.filter((h) => h.claim.kind === 'seat'),
      (h) => (h.claim.kind === 'seat' ? h.claim.unit : ''),
    );
    for (const list of seats.values()) {
      const best = largest(list);
      credit(best, best.claim.annualMinor);
    }
    const rates = claims.filter((h) => h.claim.kind === 'rate');
    if (rates.length > 0) {
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
  return { annualMinor, counted };
}
