import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IcalToken } from '@common/contracts/renewals';
import { apiRequest } from '@/lib/api-client';
import { renewalKeys } from '@/lib/renewals/keys';

/** POST /api/renewals/ical-token — a new secret; calendars subscribed to the old URL stop updating. */
export function regenerateIcalUrl(): Promise<IcalToken> {
  return apiRequest<IcalToken>('POST', '/api/renewals/ical-token');
}

export function useRegenerateIcalUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateIcalUrl,
    onSuccess: (data) => queryClient.setQueryData(renewalKeys.icalUrl(), data),
  });
}
