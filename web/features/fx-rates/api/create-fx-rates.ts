import type { CreateFxRatesBody, FxRateResponse } from '@common/contracts/fx-rates';
import { apiRequest } from '@/lib/api-client';
import { useRatesMutation } from './invalidate';

/** POST /api/fx-rates — rates entered by hand. */
export const useCreateFxRates = () =>
  useRatesMutation((body: CreateFxRatesBody) => apiRequest<FxRateResponse[]>('POST', '/api/fx-rates', body));
