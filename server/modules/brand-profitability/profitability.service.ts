// Brand profitability (Scale): per brand and month, revenue, allocated software spend converted
// into the organization's currency, their ratio, people and the applications that cost most.
import {
  costPercent,
  defaultPeriod,
  monthsBetween,
  splitMonthSpend,
  spendOutgrowsRevenue,
} from '../../../common/brand-profitability';
import type {
  BrandProfitabilityResponse,
  BrandProfitabilityRow,
} from '../../../common/contracts/brand-profitability';
import { todayInTimeZone } from '../../../common/dates';
import { missingRateText } from '../../../common/fx-gaps';
import { DEFAULT_INACTIVITY_DAYS } from '../../../common/licenses';
import type { RequestContext, ServiceDeps } from '../../types';
import { convertedRevenue, listBrands } from '../entities';
import * as repo from './profitability.repo';

const TOP_APPLICATIONS = 5;
const DAY_MS = 86_400_000;

type Brand = Awaited<ReturnType<typeof listBrands>>[number];
type AppSpend = Awaited<ReturnType<typeof repo.brandApplicationSpend>>[number];
type Activity = Awaited<ReturnType<typeof repo.applicationActivity>>;

/** Active users of an application: people holding a seat used within the last 30 days. */
export const activeSince = (now: Date) => new Date(now.getTime() - DEFAULT_INACTIVITY_DAYS * DAY_MS);

export interface ProfitabilityQuery {
  from?: string | undefined;
  to?: string | undefined;
  entityId?: string | undefined;
}

export async function getProfitability(
  deps: ServiceDeps,
  ctx: RequestContext,
  query: ProfitabilityQuery,
): Promise<BrandProfitabilityResponse> {
  const today = todayInTimeZone(deps.clock.now());
  const period = { ...defaultPeriod(today), ...pick(query) };
  const brands = await listBrands(deps.db, ctx.orgId, { live: true });
  return brandFigures(deps, ctx, period, brands, query.entityId);
}

const pick = (q: ProfitabilityQuery) => ({
  ...(q.from ? { from: q.from } : {}),
  ...(q.to ? { to: q.to } : {}),
});

/**
 * The figures of `brands` over the months `from`..`to` ('YYYY-MM'). Every brand's spend is split
 * from the same month totals, so a brand's figures match the side-by-side view's.
 */
export async function brandFigures(
  deps: ServiceDeps,
  ctx: RequestContext,
  period: { from: string; to: string },
  brands: Brand[],
  entityId?: string,
): Promise<BrandProfitabilityResponse> {
  const db = deps.db;
  const orgId = ctx.orgId;
  const currency = ctx.org.currency;
  const months = monthsBetween(period.from, period.to);
  const range = { fromMonth: `${period.from}-01`, toMonth: `${period.to}-01`, entityId };
  const defaults = await repo.findDefaults(db, orgId);
  const [weights, appSpend, unconverted, revenue, people] = await Promise.all([
    repo.brandMonthWeights(db, orgId, range, defaults),
    repo.brandApplicationSpend(db, orgId, range, defaults),
    repo.unconvertedBetween(db, orgId, range, defaults),
    convertedRevenue(db, orgId, currency, range.fromMonth, range.toMonth, todayInTimeZone(deps.clock.now())),
    repo.peoplePerBrand(db, orgId, defaults, entityId),
  ]);
  const activity = await repo.applicationActivity(
    db,
    orgId,
    [...new Set(appSpend.map((a) => a.subscriptionId))],
    activeSince(deps.clock.now()),
  );

  const spend = spendPerBrandAndMonth(weights);
  const revenueOf = new Map(revenue.map((r) => [`${r.brandId}/${r.month}`, r.convertedMinor]));
  const missingRevenue = revenue
    .filter((r) => r.convertedMinor === null)
    .map((r) => ({ brandId: r.brandId, month: r.month, currency: r.currency, amountMinor: r.amountMinor }));
  const rows = brands.map((brand): BrandProfitabilityRow => {
    const brandMonths = months.map((month) => {
      const revenueMinor = revenueOf.get(`${brand.id}/${month}`) ?? null;
      const spendMinor = spend.get(`${brand.id}/${month}`) ?? 0;
      return { month, revenueMinor, spendMinor, costPercent: costPercent(spendMinor, revenueMinor) };
    });
    const spendMinor = brandMonths.reduce((s, m) => s + m.spendMinor, 0);
    const revenueMinor = brandMonths.reduce((s, m) => s + (m.revenueMinor ?? 0), 0);
    const headcount = people.get(brand.id) ?? 0;
    return {
      brandId: brand.id,
      name: brand.name,
      color: brand.color,
      revenueMinor,
      spendMinor,
      costPercent: costPercent(spendMinor, revenueMinor),
      people: headcount,
      costPerEmployeeMinor: headcount > 0 ? Math.round(spendMinor / headcount) : null,
      spendOutgrowingRevenue: spendOutgrowsRevenue(brandMonths),
      months: brandMonths,
      topApplications: topApplications(
        appSpend.filter((a) => a.brandId === brand.id),
        activity,
      ),
    };
  });
  return {
    currency,
    from: period.from,
    to: period.to,
    // With an entity chosen, the brands it owns and those its spend or people reach.
    brands: entityId
      ? rows.filter((row, i) => brands[i]!.entityId === entityId || row.spendMinor !== 0 || row.people > 0)
      : rows,
    unconverted,
    unconvertedRevenue: missingRevenue,
    rateWarnings: rateWarnings(currency, brands, unconverted, missingRevenue),
  };
}

/**
 * The sentences under the figures for what had no rate, naming the pair, the brand and the months:
 * "No EUR→USD rate for Kestrel in March 2026: 3 charges left out", "… for Kestrel's revenue …".
 */
export function rateWarnings(
  currency: string,
  brands: ReadonlyArray<{ id: string; name: string }>,
  charges: Awaited<ReturnType<typeof repo.unconvertedBetween>>,
  revenue: ReadonlyArray<{ brandId: string; month: string; currency: string }>,
): string[] {
  const nameOf = (id: string) => brands.find((b) => b.id === id)?.name ?? 'another brand';
  const out: string[] = [];
  for (const c of charges) {
    for (const w of c.where) {
      out.push(
        `${missingRateText({ from: c.currency, to: currency, whose: nameOf(w.brandId), months: w.months })}: its charges in ${c.currency} are left out of its spend.`,
      );
    }
  }
  const byBrand = new Map<string, { currency: string; months: string[] }[]>();
  for (const r of revenue) {
    const list = byBrand.get(r.brandId) ?? [];
    const entry = list.find((e) => e.currency === r.currency);
    if (entry) entry.months.push(r.month);
    else list.push({ currency: r.currency, months: [r.month] });
    byBrand.set(r.brandId, list);
  }
  for (const [brandId, list] of byBrand) {
    for (const { currency: from, months } of list) {
      out.push(
        `${missingRateText({ from, to: currency, whose: `${nameOf(brandId)}’s revenue`, months })}: that revenue is left out.`,
      );
    }
  }
  return out;
}

/** Each month's rounded total split across its brands by their exact weights: cents add up. */
function spendPerBrandAndMonth(weights: Awaited<ReturnType<typeof repo.brandMonthWeights>>) {
  const byMonth = new Map<string, typeof weights>();
  for (const w of weights) byMonth.set(w.month, [...(byMonth.get(w.month) ?? []), w]);
  const spend = new Map<string, number>();
  for (const [month, rows] of byMonth) {
    const parts = splitMonthSpend(
      rows[0]!.monthTotal,
      rows.map((r) => r.weight),
    );
    rows.forEach((r, i) => spend.set(`${r.brandId}/${month}`, parts[i]!));
  }
  return spend;
}

/** The applications costing the brand most, and those costing most per active user. */
function topApplications(rows: AppSpend[], activity: Activity): BrandProfitabilityRow['topApplications'] {
  const apps = rows
    .filter((r) => r.spendMinor > 0)
    .map((r) => {
      const { name = '', activeUsers = 0 } = activity.get(r.subscriptionId) ?? {};
      return {
        subscriptionId: r.subscriptionId,
        name,
        spendMinor: r.spendMinor,
        activeUsers,
        costPerActiveUserMinor: activeUsers > 0 ? Math.round(r.spendMinor / activeUsers) : null,
      };
    });
  const bySpend = apps.toSorted((a, b) => b.spendMinor - a.spendMinor).slice(0, TOP_APPLICATIONS);
  const byUser = apps
    .filter((a) => a.costPerActiveUserMinor !== null)
    .toSorted((a, b) => b.costPerActiveUserMinor! - a.costPerActiveUserMinor!)
    .slice(0, TOP_APPLICATIONS);
  return [...new Map([...bySpend, ...byUser].map((a) => [a.subscriptionId, a])).values()].toSorted(
    (a, b) => b.spendMinor - a.spendMinor,
  );
}
