import { uploadFile } from '@/lib/upload-file';
import { useRatesMutation } from './invalidate';
import type { FxImportResult } from './keys';

/** POST /api/fx-rates/import (multipart `file`): the ECB reference rates or a date, base, quote, rate table. */
export const useImportFxRates = () =>
  useRatesMutation((file: File) => uploadFile<FxImportResult>('/api/fx-rates/import', file));
