import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { forgotPasswordBody } from '@common/contracts/auth';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/forgot-password — always 202, whether or not the address has an account. */
export function requestPasswordReset(body: z.infer<typeof forgotPasswordBody>): Promise<{ message: string }> {
  return apiRequest('POST', '/api/auth/forgot-password', body);
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
