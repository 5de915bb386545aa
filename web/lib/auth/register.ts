import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RegisterBody, User } from '@common/contracts/auth';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { storeSignedInUser } from './session';

/** POST /api/auth/register */
export function register(body: RegisterBody): Promise<User> {
  return apiRequest<User>('POST', '/api/auth/register', body);
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (user) => storeSignedInUser(queryClient, user),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Registration failed', description: errorMessage(error) }),
  });
}
