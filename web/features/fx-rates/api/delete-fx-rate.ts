import type { FxRateResponse } from '@common/contracts/fx-rates';
import { apiRequest } from '@/lib/api-client';
import { useRatesMutation } from './invalidate';

/** DELETE /api/fx-rates?date&base&quote. */
export const useDeleteFxRate = () =>
  useRatesMutation((rate: Pick<FxRateResponse, 'date' | 'base' | 'quote'>) =>
    apiRequest<void>('DELETE', `/api/fx-rates?${new URLSearchParams(rate).toString()}`),
  );
