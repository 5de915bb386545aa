import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PoolDetail } from '@common/contracts/licenses';
import { apiGet } from '@/lib/api-client';
import { licenseKeys } from '@/lib/licenses/keys';

/** GET /api/licenses/{poolId} — a pool with its seat holders and recent history. */
export function getPool(poolId: string): Promise<PoolDetail> {
  return apiGet<PoolDetail>(`/api/licenses/${encodeURIComponent(poolId)}`);
}

export const poolQuery = (poolId: string) =>
  queryOptions({ queryKey: licenseKeys.pool(poolId), queryFn: () => getPool(poolId) });

export function usePool(poolId: string | null) {
  return useQuery({ ...poolQuery(poolId ?? ''), enabled: Boolean(poolId) });
}
