import { apiRequest } from '@/lib/api-client';
import { useViewMutation } from './use-view-mutation';

/** DELETE /api/analytics/views/{id} */
export const useDeleteView = () =>
  useViewMutation((id: string) =>
    apiRequest<void>('DELETE', `/api/analytics/views/${encodeURIComponent(id)}`),
  );
