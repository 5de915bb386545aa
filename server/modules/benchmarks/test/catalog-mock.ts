// A catalogue entry with confirmed prices for the benchmark tests (the shipped catalogue's prices
// are filled in and confirmed elsewhere; these tests must not depend on them).
import type * as CatalogModule from '../../../../common/catalog';
import type { CatalogApp } from '../../../../common/catalog';
import { priceAgeToday } from '../../../../common/catalog/price-age';

export const CHATAPP: CatalogApp = {
  slug: 'chatapp',
  name: 'ChatApp',
  vendor: 'ChatApp Inc.',
  domain: 'chatapp.example',
  category: 'Communication',
  description: 'Team chat.',
  aliases: [],
  pricing: {
    source: 'https://chatapp.example/pricing',
    observedOn: priceAgeToday(),
    checkedOn: '2026-11-20',
    confirmed: true,
  },
  prices: [
    {
      plan: 'Pro',
      unit: 'user',
      period: 'month',
      amountMinor: 1000,
      currency: 'USD',
      source: 'https://chatapp.example/pricing',
      observedOn: priceAgeToday(),
      checkedOn: '2026-11-20',
      confirmed: true,
    },
    {
      plan: 'Pro',
      unit: 'user',
      period: 'year',
      amountMinor: 9600,
      currency: 'USD',
      source: 'https://chatapp.example/pricing',
      observedOn: priceAgeToday(),
      checkedOn: '2026-11-20',
      confirmed: true,
    },
    {
      plan: 'Business',
      unit: 'user',
      period: 'month',
      amountMinor: 2000,
      currency: 'USD',
      source: 'https://chatapp.example/pricing',
      observedOn: priceAgeToday(),
      checkedOn: '2026-11-20',
      confirmed: true,
    },
  ],
};

/** The catalogue module with CHATAPP added: `vi.mock(catalogue, async (o) => withChatApp(await o()))`. */
export function withChatApp(original: unknown): typeof CatalogModule {
  const actual = original as typeof CatalogModule;
  return {
    ...actual,
    findCatalogApp: (slug: string) => (slug === 'chatapp' ? CHATAPP : actual.findCatalogApp(slug)),
  };
}
