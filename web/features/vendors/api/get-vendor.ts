import { useQuery } from '@tanstack/react-query';
import type { VendorDetail } from '@common/contracts/vendors';
import { apiGet } from '@/lib/api-client';
import { vendorKeys } from '@/lib/vendors/keys';

/** GET /api/vendors/{id} — the vendor and its applications. */
export function getVendor(id: string): Promise<VendorDetail> {
  return apiGet<VendorDetail>(`/api/vendors/${encodeURIComponent(id)}`);
}

export function useVendor(id: string) {
  return useQuery({ queryKey: vendorKeys.detail(id), queryFn: () => getVendor(id) });
}
