// The daily step that sends scheduled reports. The scheduler runs it once per organization and day
// (and replays missed days), and each sending is claimed per (schedule, period), so two servers, a
// retried step or a "send now" earlier that day never send a period twice.
import { canUseFeature } from '../../../common/plans';
import { lastRunOn, reportPeriod } from '../../../common/report-periods';
import type { DailyJob, PeriodicTask } from '../../jobs/scheduler';
import type { ServiceDeps } from '../../types';
import { effectivePlanOf, findOrganization } from '../organizations';
import { deliverPeriod, type RenderReport } from './deliver';
import { findSchedule, finishDelivery, listSchedules, staleSendings } from './report-schedules.repo';

/**
 * Sends every enabled schedule due on `date`, or due earlier and not sent yet (its latest due day
 * only: at most one missed period is caught up). Due days before the schedule was created or last
 * edited are not caught up: a new or changed schedule starts with its next due day.
 * Answers how many reports went out.
 */
export async function sendDueReports(
  deps: ServiceDeps,
  render: RenderReport,
  orgId: string,
  date: string,
): Promise<number> {
  const org = await findOrganization(deps.db, orgId);
  if (!org || !canUseFeature(effectivePlanOf(org, deps.clock.now()), 'reports')) return 0;
  let sent = 0;
  for (const schedule of await listSchedules(deps.db, orgId, { enabledOnly: true })) {
    const due = lastRunOn(schedule, date, org.fiscalYearStartMonth);
    if (!due || due < schedule.updatedAt.toISOString().slice(0, 10)) continue;
    const delivery = await deliverPeriod(
      deps,
      render,
      org,
      schedule,
      reportPeriod(schedule.frequency, due, org.fiscalYearStartMonth),
    );
    if (delivery?.status === 'sent') sent += 1;
  }
  return sent;
}

export function reportSchedulesJob(render: RenderReport): DailyJob {
  return {
    name: 'report-schedules.deliver',
    run: async (deps, { orgId, date }) => {
      await sendDueReports(deps, render, orgId, date);
    },
  };
}

/**
 * Finishes the sendings a killed server left 'sending' (its heartbeat stopped), whether the daily
 * job or "send now" started them: each recipient not yet mailed gets the report. Answers how many
 * went out.
 */
export async function recoverStaleSendings(deps: ServiceDeps, render: RenderReport): Promise<number> {
  let sent = 0;
  for (const row of await staleSendings(deps.db, deps.clock.now(), 50)) {
    const org = await findOrganization(deps.db, row.organizationId);
    const schedule = row.scheduleId ? await findSchedule(deps.db, row.organizationId, row.scheduleId) : null;
    if (!org || !schedule) {
      await finishDelivery(deps.db, row.organizationId, row.id, {
        status: 'failed',
        error: 'The schedule was deleted before its report went out',
      });
      continue;
    }
    const period = { key: row.periodKey, from: row.periodFrom, to: row.periodTo };
    const delivery = await deliverPeriod(deps, render, org, schedule, period);
    if (delivery?.status === 'sent') sent += 1;
  }
  return sent;
}

/** Every minute: stale sendings are taken over within a few minutes of their server's death. */
export function reportRecoveryTask(render: RenderReport): PeriodicTask {
  return { name: 'report-deliveries-recovery', run: (deps) => recoverStaleSendings(deps, render) };
}
