import type { AllocationFilter } from '@common/contracts/entities';
import type { Adoption } from '@common/contracts/product-analytics';
import { filterParams, useProductAnalytics } from './use-product-analytics';

/** GET /api/product-analytics/adoption — per department, people with seats and active ones. */
export const useAdoption = (filter: AllocationFilter) =>
  useProductAnalytics<Adoption>('adoption', { ...filterParams(filter), groupBy: 'department' });
