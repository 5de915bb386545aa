import { useState } from 'react';
import { catalogListPrice } from '@common/catalog/list-price';
import type { CatalogAppEntry } from '@common/contracts/catalog';
import type { CreateSubscriptionBody } from '@common/contracts/subscriptions';
import { toDecimalString } from '@common/money';
import { firstApplicationBody, type FirstApplication } from '../api/create-first-application';

/**
 * The applications listed in the onboarding step. A catalogue pick starts at one seat with its list
 * price filled in when the catalogue lists it in the organization's currency.
 */
export function useFirstApplications(currency: string) {
  const [apps, setApps] = useState<FirstApplication[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const listed = (name: string) => apps.some((a) => a.name.toLowerCase() === name.toLowerCase());

  const add = (name: string, entry?: CatalogAppEntry) => {
    const listPrice = entry ? catalogListPrice(entry.prices, currency) : null;
    const price =
      listPrice && listPrice.currency === currency ? toDecimalString(listPrice.amountMinor, currency) : '';
    setApps((prev) => [
      ...prev,
      {
        name: entry?.name ?? name,
        catalogSlug: entry?.slug ?? null,
        listPrice,
        seats: listPrice?.unit === 'user' ? '1' : '',
        price,
      },
    ]);
  };

  const update = (name: string, patch: Partial<FirstApplication>) => {
    setApps((prev) => prev.map((a) => (a.name === name ? { ...a, ...patch } : a)));
    setErrors((prev) => ({ ...prev, [name]: '' }));
  };

  const remove = (name: string) => setApps((prev) => prev.filter((a) => a.name !== name));

  /** The create bodies, or null (with each row's error shown) when one cannot be sent. */
  const bodies = (): CreateSubscriptionBody[] | null => {
    const found: Record<string, string> = {};
    const out: CreateSubscriptionBody[] = [];
    for (const app of apps) {
      const result = firstApplicationBody(app, currency);
      if ('error' in result) found[app.name] = result.error;
      else out.push(result.body);
    }
    setErrors(found);
    return Object.keys(found).length > 0 ? null : out;
  };

  return { apps, errors, listed, add, update, remove, bodies };
}
