import type { DailyJob } from '../../jobs/scheduler';
import { purgeExpiredAuditEvents } from './audit.service';

/** The daily step that deletes the organization's audit events older than its retention. */
export const auditRetentionJob: DailyJob = {
  name: 'audit.retention',
  run: async (deps, { orgId }) => {
    await purgeExpiredAuditEvents(deps, orgId);
  },
};
