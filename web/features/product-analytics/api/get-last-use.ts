import type { AllocationFilter } from '@common/contracts/entities';
import type { LastUse } from '@common/contracts/product-analytics';
import { filterParams, useProductAnalytics } from './use-product-analytics';

/** GET /api/product-analytics/last-use — open seats by time since last use. */
export const useLastUse = (filter: AllocationFilter) =>
  useProductAnalytics<LastUse>('last-use', filterParams(filter));
