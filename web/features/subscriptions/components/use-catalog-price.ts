import { useCallback, useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { ListPrice } from '@common/catalog/list-price';
import { catalogPriceInputs, type SubscriptionFormValues } from './subscription-form';

/**
 * Keeps the form's price on the catalogue list price picked: while it is followed, a change of cycle,
 * term, seats or pricing model recomputes the price inputs; typing one's own price stops following.
 */
export function useCatalogPrice(form: UseFormReturn<SubscriptionFormValues>) {
  const [price, follow] = useState<ListPrice | null>(null);
  const [billingCycle, intervalMonths, seats, pricingModel] = form.watch([
    'billingCycle',
    'intervalMonths',
    'seats',
    'pricingModel',
  ]);

  useEffect(() => {
    if (!price) return;
    const inputs = catalogPriceInputs(price, { billingCycle, intervalMonths, seats, pricingModel });
    for (const [field, value] of Object.entries(inputs ?? {}) as Array<['unitPrice' | 'amount', string]>) {
      if (form.getValues(field) !== value) form.setValue(field, value, { shouldDirty: true });
    }
  }, [price, billingCycle, intervalMonths, seats, pricingModel, form]);

  const release = useCallback(() => follow(null), []);
  return { following: price !== null, follow, release };
}
