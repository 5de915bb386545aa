import type { AuditCategory } from '@common/contracts/audit';

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

export const auditSearch = (filters: AuditFilters & { cursor?: string }) => {
  const params = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  ).toString();
  return params ? `?${params}` : '';
};
