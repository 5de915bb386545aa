import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api-client';
import { fxRatesKeys, type FxRateList } from './keys';

/** GET /api/fx-rates — the newest rates (optionally of one currency) and the currencies missing one. */
export function useFxRates(currency: string | null) {
  return useQuery({
    queryKey: fxRatesKeys.list(currency),
    queryFn: () => apiGet<FxRateList>(`/api/fx-rates${currency ? `?currency=${currency}` : ''}`),
    placeholderData: keepPreviousData,
  });
}
