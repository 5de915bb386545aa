import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { authKeys } from './keys';

/** POST /api/auth/logout */
export function logout(): Promise<void> {
  return apiRequest<void>('POST', '/api/auth/logout');
}

/**
 * Logs out, returns to / and clears the user and every cached query of the account (spec §2/§4).
 * The page changes first: clearing the user while still on /app would bounce to the sign-in screen.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await navigate('/', { replace: true });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user[0] });
      queryClient.setQueryData(authKeys.user, null);
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(error) }),
  });
}
