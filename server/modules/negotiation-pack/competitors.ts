// Alternatives to a catalogue application: the others in its catalogue functions (Zoom → Webex,
// GoTo Meeting…), each with its list price. Only confirmed prices are quoted to a vendor.
import { catalogFunctionsOf, CATALOG_FUNCTIONS } from '../../../common/catalog/functions';
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
      const confirmed = (app.prices ?? []).filter((p) => p.confirmed);
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
    .sort((a, b) => Number(b.listPerMonthMinor !== null) - Number(a.listPerMonthMinor !== null))
    .slice(0, MAX_COMPETITORS);
}
