import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKey } from '@common/contracts/api-keys';
import type { AuditCategory, AuditPage, AuditSettings } from '@common/contracts/audit';
import { apiGet, apiGetOr, apiRequest } from '@/lib/api-client';

/** The filters of the log, as the URL and the API name them. */
export interface AuditFilters {
  category?: AuditCategory;
  actor?: string;
  from?: string;
  to?: string;
  q?: string;
}

export const auditKeys = {
  all: ['audit'] as const,
  events: (filters: AuditFilters) => ['audit', 'events', filters] as const,
  settings: () => ['audit', 'settings'] as const,
  apiKeys: () => ['audit', 'api-keys'] as const,
};

const search = (filters: AuditFilters & { cursor?: string }) => {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return params ? `?${params}` : '';
};

/** GET /api/audit — newest first, one page at a time ("Load more" fetches the next). */
export const useAuditLog = (filters: AuditFilters) =>
  useInfiniteQuery({
    queryKey: auditKeys.events(filters),
    queryFn: ({ pageParam }) => apiGet<AuditPage>(`/api/audit${search({ ...filters, cursor: pageParam })}`),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/** The CSV of the log with the current filters; a plain link downloads it with the session cookie. */
export const auditExportUrl = (filters: AuditFilters) => `/api/audit/export.csv${search(filters)}`;

export const useAuditSettings = () =>
  useQuery({ queryKey: auditKeys.settings(), queryFn: () => apiGet<AuditSettings>('/api/audit/settings') });

export const useUpdateAuditSettings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AuditSettings) => apiRequest<AuditSettings>('PUT', '/api/audit/settings', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(auditKeys.settings(), saved);
      // The change is itself an audited event.
      void queryClient.invalidateQueries({ queryKey: ['audit', 'events'] });
    },
  });
};

/**
 * The organization's API keys for the actor filter. Without API access (404 before the feature
 * ships, 403 on a plan without it) the filter offers members only.
 */
export const useApiKeyOptions = () =>
  useQuery({
    queryKey: auditKeys.apiKeys(),
    queryFn: () => apiGetOr<ApiKey[]>('/api/api-keys', []),
    retry: false,
    throwOnError: false,
  });
