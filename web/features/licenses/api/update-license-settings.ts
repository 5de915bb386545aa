import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LicenseSettings } from '@common/contracts/licenses';
import { invalidatePeopleAndLicenses } from '@/lib/people/invalidate';
import { apiRequest } from '@/lib/api-client';

/** PUT /api/licenses/settings { inactivityDays: 30 | 60 | 90 } — who counts as inactive. */
export function updateLicenseSettings(body: LicenseSettings): Promise<LicenseSettings> {
  return apiRequest<LicenseSettings>('PUT', '/api/licenses/settings', body);
}

export function useUpdateLicenseSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLicenseSettings,
    onSuccess: () => invalidatePeopleAndLicenses(queryClient),
  });
}
