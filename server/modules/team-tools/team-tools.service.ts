import { notArchived } from '../../db/live-applications';
import { eq } from 'drizzle-orm';
import type { TeamToolsGroup } from '../../../common/contracts/team-tools';
import { seatYearlyCostMinor, totalsByCurrency } from '../../../common/licenses';
import type { RequestContext, ServiceDeps } from '../../types';
import { licensePoolsOf, openLicensesOfPeople, pricingOf } from '../licenses';
import { peopleOf } from '../people';
import { settingsItemsOf } from '../settings-lists';
import { subscriptionsOf } from '../subscriptions';

type GroupBy = 'department' | 'team';
interface AppTally {
  subscriptionId: string;
  name: string;
  category: string | null;
  seats: number | null;
  yearlyCostMinor: number;
  currency: string;
}

/**
 * Applications per department (or team): seats held by the group's active people with their
 * yearly cost, applications billed to the department as a whole, cost per head, and overlaps
 * (two or more tools of one category in one group).
 */
export async function teamTools(deps: ServiceDeps, ctx: RequestContext, groupBy: GroupBy) {
  const { db } = deps;
  const orgId = ctx.orgId;
  const people = peopleOf(orgId);
  const subscriptions = subscriptionsOf(orgId);
  const categoryItems = settingsItemsOf(orgId, 'categories', 'category');
  const pools = licensePoolsOf(orgId);
  const [staff, seats, apps, categories, pooled] = await Promise.all([
    db.select().from(people).where(eq(people.status, 'active')),
    openLicensesOfPeople(db, orgId),
    db.select().from(subscriptions).where(notArchived(subscriptions)),
    db.select({ id: categoryItems.id, name: categoryItems.name }).from(categoryItems),
    db.selectDistinct({ id: pools.subscriptionId }).from(pools),
  ]);
  const categoryName = new Map(categories.map((c) => [c.id, c.name]));
  const withPools = new Set(pooled.map((p) => p.id));
  const keyOf = (p: { department: string | null; team: string | null }) =>
    groupBy === 'department' ? `${p.department ?? ''}` : `${p.department ?? ''}\u0000${p.team ?? ''}`;

  const groups = new Map<
    string,
    { department: string | null; team: string | null; headcount: number; apps: Map<string, AppTally> }
  >();
  const personGroup = new Map<string, string>();
  for (const p of staff) {
    const key = keyOf(p);
    personGroup.set(p.id, key);
    const g = groups.get(key) ?? {
      department: p.department,
      team: groupBy === 'team' ? p.team : null,
      headcount: 0,
      apps: new Map(),
    };
    g.headcount += 1;
    groups.set(key, g);
  }
  const appById = new Map(apps.map((a) => [a.id, a]));
  for (const seat of seats) {
    const group = groups.get(personGroup.get(seat.personId) ?? '\u0001');
    if (!group) continue; // offboarded holder
    const app = appById.get(seat.subscriptionId);
    const tally = group.apps.get(seat.subscriptionId) ?? {
      subscriptionId: seat.subscriptionId,
      name: seat.subscriptionName,
      category: app?.categoryId ? (categoryName.get(app.categoryId) ?? null) : null,
      seats: 0,
      yearlyCostMinor: 0,
      currency: seat.currency,
    };
    tally.seats = (tally.seats ?? 0) + 1;
    tally.yearlyCostMinor += seatYearlyCostMinor(pricingOf(seat));
    group.apps.set(seat.subscriptionId, tally);
  }
  if (groupBy === 'department') {
    for (const app of apps) {
      if (withPools.has(app.id) || !app.department) continue;
      const group = [...groups.values()].find(
        (g) => g.department?.toLowerCase() === app.department!.toLowerCase(),
      );
      if (!group) continue;
      group.apps.set(app.id, {
        subscriptionId: app.id,
        name: app.name,
        category: app.categoryId ? (categoryName.get(app.categoryId) ?? null) : null,
        seats: null,
        yearlyCostMinor: app.annualCostMinor,
        currency: app.currency,
      });
    }
  }
  const result: TeamToolsGroup[] = [...groups.values()].map((g) => {
    const list = [...g.apps.values()].sort(
      (a, b) => b.yearlyCostMinor - a.yearlyCostMinor || a.name.localeCompare(b.name),
    );
    const yearlyCosts = totalsByCurrency(
      list.map((a) => ({ currency: a.currency, amountMinor: a.yearlyCostMinor })),
    );
    const byCategory = new Map<string, string[]>();
    for (const a of list)
      if (a.category) byCategory.set(a.category, [...(byCategory.get(a.category) ?? []), a.name]);
    const perHead = (minor: number) => (g.headcount > 0 ? Math.round(minor / g.headcount) : null);
    return {
      department: g.department,
      team: g.team,
      headcount: g.headcount,
      applications: list.map((a) => ({ ...a, costPerHeadMinor: perHead(a.yearlyCostMinor) })),
      yearlyCosts,
      costPerHead: yearlyCosts.map((t) => ({
        currency: t.currency,
        amountMinor: perHead(t.amountMinor) ?? 0,
      })),
      overlaps: [...byCategory.entries()]
        .filter(([, names]) => names.length > 1)
        .map(([category, names]) => ({ category, applications: names.sort() }))
        .sort((a, b) => a.category.localeCompare(b.category)),
    };
  });
  const label = (g: TeamToolsGroup) => `${g.department ?? '\uffff'}\u0000${g.team ?? '\uffff'}`;
  return { groupBy, groups: result.sort((a, b) => label(a).localeCompare(label(b))) };
}
