import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/demo — fills the workspace with a realistic demo company. */
export function loadDemoData(): Promise<unknown> {
  return apiRequest('POST', '/api/demo');
}

export function useLoadDemoData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loadDemoData,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
