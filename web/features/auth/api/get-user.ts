import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@common/contracts/auth';
import { apiGet, isStatus } from '@/lib/api-client';
import { authKeys } from './keys';

/** GET /api/auth/user — the signed-in user, or null: a 401 means "no user" (spec §7/§8). */
export async function getCurrentUser(): Promise<User | null> {
  try {
    return await apiGet<User>('/api/auth/user');
  } catch (error) {
    if (isStatus(error, 401)) return null;
    throw error;
  }
}

export const currentUserQuery = () => queryOptions({ queryKey: authKeys.user, queryFn: getCurrentUser });

export function useCurrentUser() {
  return useQuery(currentUserQuery());
}
