import type { IcalToken } from '@common/contracts/renewals';
import { apiRequest } from '@/lib/api-client';
import { useRefreshingMutation } from '@/lib/use-refreshing-mutation';
import { renewalKeys } from '@/lib/renewals/keys';

/** POST /api/renewals/ical-token — a new secret; calendars subscribed to the old URL stop updating. */
export function regenerateIcalUrl(): Promise<IcalToken> {
  return apiRequest<IcalToken>('POST', '/api/renewals/ical-token');
}

export function useRegenerateIcalUrl() {
  return useRefreshingMutation(regenerateIcalUrl, (queryClient, data) =>
    queryClient.setQueryData(renewalKeys.icalUrl(), data),
  );
}
