import type { AllocationFilter } from '@common/contracts/entities';
import type { ActiveUsers } from '@common/contracts/product-analytics';
import { filterParams, useProductAnalytics } from './use-product-analytics';

/** GET /api/product-analytics/active-users — distinct people active per month. */
export const useActiveUsers = (
  filter: AllocationFilter,
  period: { from?: string | undefined; to?: string | undefined },
) =>
  useProductAnalytics<ActiveUsers>('active-users', {
    ...filterParams(filter),
    from: period.from,
    to: period.to,
  });
