import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { invalidateSubscriptions } from './invalidate';

/** POST /api/demo — fills an organization that has no applications with a demo company. */
export function loadDemoData(): Promise<unknown> {
  return apiRequest('POST', '/api/demo');
}

export function useLoadDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadDemoData,
    onSuccess: async () => {
      await Promise.all([
        invalidateSubscriptions(queryClient),
        queryClient.invalidateQueries({ queryKey: ['settings'] }),
      ]);
    },
  });
}
