// Alternatives to a catalogue application: the others in its catalogue functions (Zoom → Webex,
// GoTo Meeting…), each with its list price. Only confirmed prices that are not stale are quoted to a vendor.
import { catalogFunctionsOf, CATALOG_FUNCTIONS } from '../../../common/catalog/functions';
import { isUsableForSavings } from '../../../common/catalog/price-age';
import { formatAmount } from '../../../common/money';
import type { Pack as NegotiationPack } from './pack-types';
import { catalogListPrice, findCatalogApp } from '../catalog';

/** At most this many alternatives: enough to make the point, few enough to read. */
const MAX_COMPETITORS = 6;

type Competitor = NegotiationPack['competitors'][number];

export function competitorsOf(slug: string | null, currency: string): Competitor[] {
  if (!slug) return [];
  const slugs = new Set<string>(catalogFunctionsOf(slug).flatMap((fn) => CATALOG_FUNCTIONS[fn]));
  slugs.delete(slug);
  return [...slugs]
    .flatMap((other): Competitor[] => {
      const app = findCatalogApp(other);
      if (!app) return [];
      const confirmed = (app.prices ?? []).filter((p) => isUsableForSavings(p));
      const price = catalogListPrice(confirmed, currency);
      if (!price || price.unit === 'usage') {
        return [
          {
            catalogSlug: app.slug,
            name: app.name,
            plan: null,
            unit: null,
            listPerMonthMinor: null,
            currency: null,
          },
        ];
      }
      return [
        {
          catalogSlug: app.slug,
          name: app.name,
          plan: price.plan,
          unit: price.unit,
          listPerMonthMinor: price.period === 'year' ? Math.round(price.amountMinor / 12) : price.amountMinor,
          currency: price.currency,
        },
      ];
    })
    .sort(
      (a, b) =>
        Number(b.listPerMonthMinor !== null) - Number(a.listPerMonthMinor !== null) ||
        (a.listPerMonthMinor ?? 0) - (b.listPerMonthMinor ?? 0) ||
        a.name.localeCompare(b.name),
    )
    .slice(0, MAX_COMPETITORS);
}

const UNIT_TEXT = { user: 'per seat per month', flat: 'per month' } as const;

/**
 * The Alternatives as sentences: priced ones first, each with its list price; those without a public
 * price named together in one line, and said plainly when none of them has one.
 */
export function alternativesText(competitors: readonly Competitor[]): string[] {
  if (competitors.length === 0) return ['The catalogue lists no alternatives for this application.'];
  const priced = competitors.filter((c) => c.listPerMonthMinor !== null && c.currency && c.unit);
  const unpriced = competitors.filter((c) => !priced.includes(c)).map((c) => c.name);
  const lines = priced.map(
    (c) =>
      `${c.name}${c.plan ? ` (${c.plan})` : ''}: ${formatAmount(c.listPerMonthMinor!, c.currency!)} ${UNIT_TEXT[c.unit!]} list price`,
  );
  if (unpriced.length > 0) {
    lines.push(
      priced.length === 0
        ? `None of the alternatives in the catalogue has a public list price: ${unpriced.join(', ')}. Ask them for a quote to compare.`
        : `Also in the catalogue, without a public list price: ${unpriced.join(', ')}.`,
    );
  }
  return lines;
}
