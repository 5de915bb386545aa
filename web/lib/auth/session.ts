import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@common/contracts/auth';
import { authKeys } from './keys';

/** After sign-in or registration: store the user, then refresh every other cached query (spec §4). */
export async function storeSignedInUser(queryClient: QueryClient, user: User): Promise<void> {
  queryClient.setQueryData(authKeys.user, user);
  await queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== authKeys.user[0] });
}
