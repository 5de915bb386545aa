import type { AllocationFilter } from '@common/contracts/entities';
import type { ProductOverview } from '@common/contracts/product-analytics';
import { filterParams, useProductAnalytics } from './use-product-analytics';

/** GET /api/product-analytics/overview — seats, utilisation and cost per paid application. */
export const useProductOverview = (filter: AllocationFilter) =>
  useProductAnalytics<ProductOverview>('overview', filterParams(filter));
