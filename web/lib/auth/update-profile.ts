import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { updateProfileBody, User } from '@common/contracts/auth';
import { apiRequest } from '@/lib/api-client';
import { authKeys } from './keys';

/** PATCH /api/auth/user */
export function updateProfile(body: z.infer<typeof updateProfileBody>): Promise<User> {
  return apiRequest<User>('PATCH', '/api/auth/user', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => queryClient.setQueryData(authKeys.user, user),
  });
}
