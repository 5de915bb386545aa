import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RenewalList, RenewalStatus } from '@common/contracts/renewals';
import { apiGet } from '@/lib/api-client';
import { renewalKeys } from './keys';

export interface RenewalFilters {
  ownerUserId?: string;
  status?: RenewalStatus;
  autoRenewOnly?: boolean;
  entityId?: string;
  brandId?: string;
}

/**
 * GET /api/renewals for the next 365 days (the widest window): the page narrows to 30/60/90 days
 * itself, so switching windows needs no request and the timeline shows the whole year.
 */
export function getRenewals(filters: RenewalFilters): Promise<RenewalList> {
  const params = new URLSearchParams({ window: '365' });
  if (filters.ownerUserId) params.set('ownerUserId', filters.ownerUserId);
  if (filters.status) params.set('status', filters.status);
  if (filters.autoRenewOnly) params.set('autoRenewOnly', 'true');
  if (filters.entityId) params.set('entityId', filters.entityId);
  if (filters.brandId) params.set('brandId', filters.brandId);
  return apiGet<RenewalList>(`/api/renewals?${params}`);
}

export const renewalsQuery = (filters: RenewalFilters) =>
  queryOptions({ queryKey: renewalKeys.list(filters), queryFn: () => getRenewals(filters) });

export function useRenewals(filters: RenewalFilters) {
  return useQuery(renewalsQuery(filters));
}
