import { useMutation, useQueryClient } from '@tanstack/react-query';
import { loadDemoData } from '@/features/onboarding/api/load-demo-data';
import { invalidateSubscriptions } from './invalidate';

/** Loads the demo company and refreshes everything it fills (applications, vendors, settings lists). */
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
