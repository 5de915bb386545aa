import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuditSettings } from '@common/contracts/audit';
import { apiRequest } from '@/lib/api-client';
import { auditKeys } from './keys';

export const useUpdateAuditSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditSettings) => apiRequest<AuditSettings>('PUT', '/api/audit/settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(auditKeys.settings(), saved);
      // The change is itself an audited event.
      void queryClient.invalidateQueries({ queryKey: ['audit', 'events'] });
    },
  });
};
