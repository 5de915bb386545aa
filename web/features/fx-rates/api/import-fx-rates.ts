import { throwIfNotOk } from '@/lib/api-client';
import { useRatesMutation } from './invalidate';
import type { FxImportResult } from './keys';

/** POST /api/fx-rates/import (multipart `file`): the ECB reference rates or a date, base, quote, rate table. */
export const useImportFxRates = () =>
  useRatesMutation(async (file: File): Promise<FxImportResult> => {
    const form = new FormData();
    form.append('file', file);
    const res = await fetch('/api/fx-rates/import', {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: form,
    });
    await throwIfNotOk(res);
    return (await res.json()) as FxImportResult;
  });
