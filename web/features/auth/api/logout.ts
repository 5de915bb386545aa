import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { authKeys } from './keys';

/** POST /api/auth/logout */
export function logout(): Promise<void> {
  return apiRequest<void>('POST', '/api/auth/logout');
}

/** Clears the user and every cached query of the signed-out account (spec §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user[0] });
      queryClient.setQueryData(authKeys.user, null);
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(error) }),
  });
}
