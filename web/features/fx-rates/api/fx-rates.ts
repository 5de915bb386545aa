import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  CreateFxRatesBody,
  fxImportResponse,
  fxRateListResponse,
  FxRateResponse,
} from '@common/contracts/fx-rates';
import { apiGet, apiRequest } from '@/lib/api-client';
import { uploadFile } from '@/lib/upload-file';

export type FxRateList = z.input<typeof fxRateListResponse>;
export type FxImportResult = z.input<typeof fxImportResponse>;

export const fxRatesKeys = {
  all: () => ['fx-rates'] as const,
  list: (currency: string | null) => ['fx-rates', 'list', currency] as const,
};

/** GET /api/fx-rates — the newest rates (optionally of one currency) and the currencies missing one. */
export function useFxRates(currency: string | null) {
  return useQuery({
    queryKey: fxRatesKeys.list(currency),
    queryFn: () => apiGet<FxRateList>(`/api/fx-rates${currency ? `?currency=${currency}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

/** Rates change every converted total (lists, dashboard, reports): everything is read again. */
function useRatesMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => queryClient.invalidateQueries() });
}

/** POST /api/fx-rates — rates entered by hand. */
export const useCreateFxRates = () =>
  useRatesMutation((body: CreateFxRatesBody) => apiRequest<FxRateResponse[]>('POST', '/api/fx-rates', body));

/** DELETE /api/fx-rates?date&base&quote. */
export const useDeleteFxRate = () =>
  useRatesMutation((rate: Pick<FxRateResponse, 'date' | 'base' | 'quote'>) =>
    apiRequest<void>('DELETE', `/api/fx-rates?${new URLSearchParams(rate).toString()}`),
  );

/** POST /api/fx-rates/import (multipart `file`): the ECB reference rates or a date, base, quote, rate table. */
export const useImportFxRates = () =>
  useRatesMutation((file: File) => uploadFile<FxImportResult>('/api/fx-rates/import', file));
