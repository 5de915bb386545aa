import type { AnalyticsView } from '@common/contracts/analytics';
import { apiRequest } from '@/lib/api-client';
import { useViewMutation } from './use-view-mutation';

/** POST /api/analytics/views — the page's search parameters under a name. */
export const useSaveView = () =>
  useViewMutation((body: { name: string; query: string }) =>
    apiRequest<AnalyticsView>('POST', '/api/analytics/views', body),
  );
