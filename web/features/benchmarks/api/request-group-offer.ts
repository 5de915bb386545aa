import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { benchmarkKeys } from '@/lib/benchmarks/keys';

/** POST /api/benchmarks/offers/{id}/request: asks the installation's operator for a group offer (Scale). */
export function requestGroupOffer(offerId: string): Promise<unknown> {
  return apiRequest('POST', `/api/benchmarks/offers/${encodeURIComponent(offerId)}/request`);
}

/** The offer's requestedAt comes back with the application's benchmark, read again. */
export function useRequestGroupOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestGroupOffer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: benchmarkKeys.all }),
  });
}
