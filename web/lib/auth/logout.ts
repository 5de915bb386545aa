import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, errorMessage } from '@/lib/api-client';
import { browser } from '@/lib/browser';

/** POST /api/auth/logout */
export function logout(): Promise<void> {
  return apiRequest<void>('POST', '/api/auth/logout');
}

/**
 * Logs out and returns to / (spec §2/§4) with a fresh page load, which also clears the user and every
 * cached query of the account. Clearing them in place raced the route change: the still-mounted
 * /app saw no user first and sent the browser on to the sign-in screen.
 */
export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: () => browser.go('/'),
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Logout failed', description: errorMessage(error) }),
  });
}
