import { useQuery } from '@tanstack/react-query';
import type { AuditSettings } from '@common/contracts/audit';
import { apiGet } from '@/lib/api-client';
import { auditKeys } from './keys';

export const useAuditSettings = () =>
  useQuery({ queryKey: auditKeys.settings(), queryFn: () => apiGet<AuditSettings>('/api/audit/settings') });
