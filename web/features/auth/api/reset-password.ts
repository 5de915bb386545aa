import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { resetPasswordBody } from '@common/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/reset-password — 204; 400 when the token is invalid or expired. */
export function resetPassword(body: z.infer<typeof resetPasswordBody>): Promise<void> {
  return apiRequest('POST', '/api/auth/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
