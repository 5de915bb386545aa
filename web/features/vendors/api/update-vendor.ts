import type { UpdateVendorBody, VendorDetail } from '@common/contracts/vendors';
import { apiRequest } from '@/lib/api-client';
import { vendorKeys } from '@/lib/vendors/keys';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';

/** PATCH /api/vendors/{id} — needs Growth (plan_required otherwise). */
export function updateVendor(input: { id: string; body: UpdateVendorBody }): Promise<VendorDetail> {
  return apiRequest<VendorDetail>('PATCH', `/api/vendors/${encodeURIComponent(input.id)}`, input.body);
}

export function useUpdateVendor() {
  return useRefreshingMutation(updateVendor, async (queryClient) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: vendorKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['subscriptions'] }),
    ]);
  });
}
