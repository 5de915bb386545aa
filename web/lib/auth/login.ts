import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, User } from '@common/contracts/auth';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { storeSignedInUser } from './session';

/** POST /api/auth/login */
export function login(body: LoginBody): Promise<User> {
  return apiRequest<User>('POST', '/api/auth/login', body);
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => storeSignedInUser(queryClient, user),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Login failed', description: errorMessage(error) }),
  });
}
