import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTestSupport, sourceFiles } from '../test/import-graph';
import { sqlUses } from '../test/sql-reading';

const MODULES = join(__dirname, '..', 'modules');

/**
 * Files of server/modules that build SQL outside a `*.repo.ts` (issue 33), not yet moved. Only
 * shrinks: the test fails on any other file, and on an entry here that builds no SQL any more.
 */
const STILL_TO_MOVE: string[] = [
  'alerts/deliveries.ts',
  'alerts/digest.ts',
  'analytics/labels.ts',
  'analytics/views.service.ts',
  'api-keys/names.ts',
  'audit/audit.ts',
  'benchmarks/aggregate.ts',
  'benchmarks/offers.service.ts',
  'budgets/budget-alerts.ts',
  'budgets/budget-spend.ts',
  'budgets/budget-targets.ts',
  'budgets/budgets.service.ts',
  'entities/allocation-filter.ts',
  'entities/allocation-rules.ts',
  'entities/allocations.service.ts',
  'entities/in-use.ts',
  'entities/joinable.ts',
  'entities/lookup.ts',
  'entities/people-allocation.ts',
  'expenses/charge-price-changes.ts',
  'expenses/converted-totals.ts',
  'expenses/cost-alerts.ts',
  'expenses/discovery.service.ts',
  'expenses/drill-filters.ts',
  'expenses/flags.ts',
  'expenses/import.service.ts',
  'expenses/invoice-expense.ts',
  'expenses/month-totals.ts',
  'expenses/own-allocation.ts',
  'expenses/reconcile.ts',
  'expenses/references.ts',
  'expenses/rules.service.ts',
  'expenses/spend.service.ts',
  'exports/data-export.ts',
  'fx-rates/convert.ts',
  'insights/insight-alerts.ts',
  'insights/load-snapshot.ts',
  'insights/narrative.ts',
  'insights/weekly-digest.ts',
  'invoice-forwarding/inbound.job.ts',
  'invoice-forwarding/receive.service.ts',
  'licenses/active-users.ts',
  'notifications/notifications.service.ts',
  'organizations/setup-progress.ts',
  'public-forms/public-forms.service.ts',
  'scim/scim-groups.service.ts',
  'scim/scim-users.service.ts',
  'settings-lists/settings-lists.service.ts',
  'sso/login-states.ts',
  'subscriptions/renewal-roll.ts',
  'subscriptions/subscriptions-bulk.service.ts',
  'team-tools/team-tools.service.ts',
];

/** `file:line kind` for every place a module file builds SQL outside a repository. */
function outsideRepositories(file: string, source: string): string[] {
  if (file.endsWith('.repo.ts')) return [];
  return sqlUses(file, source).map((use) => `${relative(MODULES, file)}:${use.line} ${use.kind}`);
}

describe('SQL in repositories', () => {
  it('lets only *.repo.ts files of server/modules build SQL', () => {
    const files = sourceFiles(MODULES, (path) => !isTestSupport(path));
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((file) => outsideRepositories(file, readFileSync(file, 'utf8')));
    const unexpected = found.filter((use) => !STILL_TO_MOVE.includes(use.split(':')[0]!));
    expect(unexpected, 'SQL outside a *.repo.ts: move the query into the module’s repository').toEqual([]);
    const stillBuilding = new Set(found.map((use) => use.split(':')[0]!));
    expect(STILL_TO_MOVE.filter((file) => !stillBuilding.has(file)), 'moved: delete from STILL_TO_MOVE').toEqual([]);
  });

  it('finds the query builder on a handle, a table builder, sql templates and raw SQL text', () => {
    const file = join(MODULES, 'renewals', 'example.ts');
    const source = [
      `import { renewalDecisions } from '../../db/schema';`,
      `const rows = await deps.db.select().from(renewalDecisions);`,
      `await tx.insert(renewalDecisions).values(row);`,
      `const where = sql<number>\`count(*)\`;`,
      `const raw = 'SELECT id FROM renewal_decisions WHERE organization_id = $1';`,
      `const join = (q: Builder) => q.from(renewalDecisions);`,
      `await db.transaction(async (t) => save(t, sql.raw('now()')));`,
      `const message = 'Select a vendor from the list';`,
      `await app.delete('/x'); await deps.storage.delete(key);`,
    ].join('\n');
    expect(outsideRepositories(file, source)).toEqual([
      'renewals/example.ts:2 .from(renewalDecisions)',
      'renewals/example.ts:2 db.select',
      'renewals/example.ts:3 tx.insert',
      'renewals/example.ts:4 sql template',
      'renewals/example.ts:5 raw SQL',
      'renewals/example.ts:6 .from(renewalDecisions)',
      'renewals/example.ts:7 sql.raw',
    ]);
    expect(outsideRepositories(join(MODULES, 'renewals', 'renewals.repo.ts'), source)).toEqual([]);
  });
});
