import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AttestationView } from '@common/contracts/attestations';
import { apiGet } from '@/lib/api-client';
import { licenseKeys } from '@/lib/licenses/keys';

/** GET /api/attestations?subscriptionId= — who was asked, who answered what. */
export function getAttestations(subscriptionId: string): Promise<AttestationView[]> {
  return apiGet<AttestationView[]>(`/api/attestations?subscriptionId=${encodeURIComponent(subscriptionId)}`);
}

export const attestationsQuery = (subscriptionId: string) =>
  queryOptions({
    queryKey: licenseKeys.attestations(subscriptionId),
    queryFn: () => getAttestations(subscriptionId),
  });

export function useAttestations(subscriptionId: string, enabled = true) {
  return useQuery({ ...attestationsQuery(subscriptionId), enabled });
}
