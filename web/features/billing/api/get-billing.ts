import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { billingKeys } from '@/lib/billing/keys';
import type { BillingOverview } from '@/lib/billing/types';

/** GET /api/billing (owner) — plan, payment method, auto-renew and invoices from Stripe. */
export function getBilling(): Promise<BillingOverview> {
  return apiGet<BillingOverview>('/api/billing');
}

export const billingQuery = () => queryOptions({ queryKey: billingKeys.overview(), queryFn: getBilling });

export function useBilling(options: { enabled?: boolean } = {}) {
  return useQuery({ ...billingQuery(), enabled: options.enabled ?? true });
}
