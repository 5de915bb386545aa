// The deterministic demo company. Each feature adds ONE generator function to DEMO_GENERATORS
// (generatePeople, generateLicenses, generateExpenses, …); they run in order in one transaction.
import { todayInTimeZone } from '../../common/dates';
import type { DbOrTx } from '../../server/db/client';
import { countAllSubscriptions } from '../../server/modules/subscriptions/subscriptions.repo';
import { generateApiKeys } from './api-keys';
import { generateApplications } from './applications';
import { generateAuditLog } from './audit-log';
import { generateBenchmarkSelection } from './benchmark-selection';
import { generateConnectors } from './connectors';
import { generateBenchmarkPeers } from './demo-peers';
import { generateExpenses } from './expenses';
import { generateGroup } from './group';
import { generateLicenses } from './licenses';
import { createDemoColleagues, generatePeople } from './people';
import { generateRenewals } from './renewals';
import { generateReportSchedules } from './report-schedules';
import { generateSavingsHistory, generateSavingsScenarios } from './savings';
import { generateSso } from './sso';
import type { DemoContext, DemoGenerator, DemoOptions } from './context';
import { createRng } from './prng';

export const DEMO_GENERATORS: DemoGenerator[] = [
  generateApplications,
  generateRenewals,
  generatePeople,
  generateLicenses,
  generateSavingsScenarios,
  generateExpenses,
  generateGroup,
  generateSavingsHistory,
  generateBenchmarkSelection,
  generateReportSchedules,
  generateApiKeys,
  generateSso,
  generateConnectors,
  generateAuditLog,
  // Last: the peers mirror the finished company's applications and license tiers.
  generateBenchmarkPeers,
];

/**
 * The tables the demo company fills with more than a handful of rows, and the rollups their
 * triggers keep: their planner statistics are refreshed once it is loaded (refreshPlannerStats).
 * Until then PostgreSQL believes them empty (autovacuum catches up a minute later; PGlite never),
 * and plans nested loops that made the executive summary and the renewal benchmarks take ~1 s.
 */
export const DEMO_TABLES = [
  'subscriptions',
  'subscription_price_changes',
  'vendors',
  'renewal_calendar',
  'subscription_totals',
  'contracts',
  'people',
  'license_pools',
  'license_assignments',
  'expenses',
  'expense_day_totals',
  'expense_month_totals',
  'fx_rates',
  'allocations',
  'allocation_shares',
  'brand_revenue',
  'settings_items',
  'audit_events',
] as const;

export const DEFAULT_DEMO_OPTIONS: DemoOptions = { apps: 60, people: 150, seed: 20260101, peers: true };

/**
 * Fills an organization with demo data. Inserts directly through repositories (no plan limits: a
 * demo on Starter still shows a realistic company). Run it inside a transaction.
 */
export async function generateDemoData(
  db: DbOrTx,
  target: { orgId: string; ownerUserId: string; currency: string; now: Date },
  options: Partial<DemoOptions> = {},
  /** Told after each generator: how many of DEMO_GENERATORS are done (the app's progress bar). */
  onStep: (done: number, total: number) => Promise<void> = async () => {},
) {
  const opts = { ...DEFAULT_DEMO_OPTIONS, ...options };
  const ctx: DemoContext = {
    db,
    ...target,
    colleagues: await createDemoColleagues(db, target.orgId, target.now),
    today: todayInTimeZone(target.now),
    rng: createRng(opts.seed),
    options: opts,
    created: { applicationIds: [], vendors: 0, personIds: [], licensePools: 0, assignments: 0 },
  };
  for (const [i, generate] of DEMO_GENERATORS.entries()) {
    await generate(ctx);
    await onStep(i + 1, DEMO_GENERATORS.length);
  }
  return {
    applications: await countAllSubscriptions(db, target.orgId),
    vendors: ctx.created.vendors,
    people: ctx.created.personIds.length,
    licensePools: ctx.created.licensePools,
    assignments: ctx.created.assignments,
  };
}
