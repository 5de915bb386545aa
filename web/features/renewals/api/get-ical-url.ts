import { queryOptions, useQuery } from '@tanstack/react-query';
import type { IcalToken } from '@common/contracts/renewals';
import { apiGet } from '@/lib/api-client';
import { renewalKeys } from '@/lib/renewals/keys';

/** GET /api/renewals/ical-token — the secret calendar feed URL of the organization. */
export function getIcalUrl(): Promise<IcalToken> {
  return apiGet<IcalToken>('/api/renewals/ical-token');
}

export const icalUrlQuery = () => queryOptions({ queryKey: renewalKeys.icalUrl(), queryFn: getIcalUrl });

export function useIcalUrl() {
  return useQuery(icalUrlQuery());
}
