import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vendor } from '@common/contracts/vendors';
import { apiGet } from '@/lib/api-client';
import { vendorKeys } from './keys';

/** GET /api/vendors — every vendor with its number of applications and spend. */
export function getVendors(): Promise<Vendor[]> {
  return apiGet<Vendor[]>('/api/vendors');
}

export const vendorsQuery = () => queryOptions({ queryKey: vendorKeys.list(), queryFn: getVendors });

export function useVendors() {
  return useQuery(vendorsQuery());
}
