import { apiRequest } from '@/lib/api-client';
import { useInvalidating } from './invalidate';

/** POST /api/brands/revenue/import — a CSV of month, brand, amount and optional currency. */
export const useImportBrandRevenue = () =>
  useInvalidating((csv: string) =>
    apiRequest<{ imported: number; brands: number }>('POST', '/api/brands/revenue/import', { csv }),
  );
