import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadSession } from '@/lib/session';
import { authKeys } from './keys';

/**
 * The signed-in user, or null (spec §7/§8). Read through GET /api/session, which also seeds the
 * organization, plan, notification and settings caches the shell reads next.
 */
export const currentUserQuery = () =>
  queryOptions({ queryKey: authKeys.user, queryFn: ({ client }) => loadSession(client) });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
