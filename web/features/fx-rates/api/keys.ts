import type { z } from 'zod';
import type { fxImportResponse, fxRateListResponse } from '@common/contracts/fx-rates';

export type FxRateList = z.input<typeof fxRateListResponse>;

export type FxImportResult = z.input<typeof fxImportResponse>;

export const fxRatesKeys = {
  all: () => ['fx-rates'] as const,
  list: (currency: string | null) => ['fx-rates', 'list', currency] as const,
};
