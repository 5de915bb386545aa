import { todayInTimeZone } from '../../../common/dates';
import { canUseFeature } from '../../../common/plans';
import type { DailyJob } from '../../jobs/scheduler';
import { effectivePlanOf, findOrganization } from '../organizations';
import { generateInsights } from './generate';
import { refreshNarratives } from './narrative';

/**
 * Daily: the organization's savings opportunities, on a plan with insights (a trial counts as its
 * trial plan). A day caught up after downtime is skipped: generation reads the data as it is now,
 * so today's run covers it. With a language model configured (LLM_BASE_URL), the new or changed
 * explanations are then reworded (a no-op otherwise; kept out of "Refresh now", which must answer fast).
 */
export const insightsJob: DailyJob = {
  name: 'insights',
  async run(deps, { orgId, date }) {
    const now = deps.clock.now();
    if (date < todayInTimeZone(now)) return;
    const org = await findOrganization(deps.db, orgId);
    if (!org || !canUseFeature(effectivePlanOf(org, now), 'insights')) return;
    await generateInsights(deps, orgId, now);
    await refreshNarratives(deps, orgId);
  },
};
