import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditPage } from '@common/contracts/audit';
import { apiGet } from '@/lib/api-client';
import { auditKeys, auditSearch, type AuditFilters } from './keys';

/** GET /api/audit — newest first, one page at a time ("Load more" fetches the next). */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: auditKeys.events(filters),
    queryFn: ({ pageParam }) =>
      apiGet<AuditPage>(`/api/audit${auditSearch({ ...filters, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
