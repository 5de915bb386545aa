import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { changePasswordBody } from '@common/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/change-password — 204. */
export function changePassword(body: z.infer<typeof changePasswordBody>): Promise<void> {
  return apiRequest('POST', '/api/auth/change-password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
