import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendAttestationResult } from '@common/contracts/attestations';
import { apiRequest } from '@/lib/api-client';
import { licenseKeys } from '@/lib/licenses/keys';

/** POST /api/attestations — e-mails every seat holder a keep and a release link. */
export function sendAttestations(input: {
  subscriptionId: string;
  poolId?: string;
}): Promise<SendAttestationResult> {
  return apiRequest<SendAttestationResult>('POST', '/api/attestations', input);
}

export function useSendAttestations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAttestations,
    onSuccess: (_result, input) =>
      queryClient.invalidateQueries({ queryKey: licenseKeys.attestations(input.subscriptionId) }),
  });
}
