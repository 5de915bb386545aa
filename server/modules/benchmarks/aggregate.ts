// The nightly peer benchmark: every contributing organization's normalised prices aggregated, in
// SQL and set-based (percentile_cont), into peer_benchmarks; installation-wide, once a day on one
// server. Requests read only the result.
//
// Who contributes: organizations that did not opt out (benchmark_settings.peer_sharing) and whose
// account is not locked or trial_expired (their data is no longer kept up to date).
// What: live (active or trial), unarchived applications linked to the catalogue, per license tier
// (or the application's own per-seat / flat price when it has no tiers); usage prices never.
// One organization counts once per cell: its mean normalised price there.
// Currency: every price is converted to USD at the reference rates for the aggregate (prices in a
// currency without a rate are left out); requests convert the figures back.
import { liveStatusList } from '../../db/live-applications';
import { sql } from 'drizzle-orm';
import { namedPlan } from '../../../common/benchmarks/plan-match';
import { REFERENCE_RATES, type ReferenceRates } from '../../../common/benchmarks/reference-rates';
import { PEER_MIN_ORGANIZATIONS } from '../../../common/contracts/benchmarks';
import { todayInTimeZone } from '../../../common/dates';
import { minorUnitDigits } from '../../../common/money';
import type { Db, DbOrTx } from '../../db/client';
import { claimJobRun, finishJobRun, releaseJobRun } from '../../jobs/job-runs';
import type { PeriodicTask } from '../../jobs/scheduler';
import { AGGREGATE_CURRENCY, comparedCatalogApp } from './benchmark-view';

const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The tier → plan map for every (catalogue slug, tier name) on the installation: one rule (plan-match). */
async function tierPlans(db: DbOrTx) {
  const pairs = rowsOf<{ slug: string; tier: string }>(
    await db.execute(sql`
      select distinct s.catalog_slug as slug, lower(p.tier_name) as tier
      from license_pools p
      join subscriptions s on s.organization_id = p.organization_id and s.id = p.subscription_id
      where s.catalog_slug is not null`),
  );
  return pairs.flatMap(({ slug, tier }) => {
    const catalog = comparedCatalogApp(slug);
    const plan = catalog ? namedPlan(catalog, tier)?.plan : undefined;
    return plan ? [{ slug, tier, plan }] : [];
  });
}

function rateTable(rates: ReferenceRates) {
  return Object.entries(rates.perEur).flatMap(([currency, perEur]) => {
    try {
      return [{ currency, perEur, digits: minorUnitDigits(currency) }];
    } catch {
      return [];
    }
  });
}

export interface AggregationResult {
  contributors: number;
  cells: number;
}

/** Recomputes the whole aggregate in one transaction. */
export async function aggregatePeerBenchmarks(
  db: Db,
  now: Date,
  rates = REFERENCE_RATES,
): Promise<AggregationResult> {
  const plans = await tierPlans(db);
  const at = now.toISOString();
  const usd = rates.perEur[AGGREGATE_CURRENCY];
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      create temporary table peer_prices on commit drop as
      with rates as (
        select r->>'currency' as currency, (r->>'perEur')::numeric as per_eur, (r->>'digits')::int as digits
        from jsonb_array_elements(${json(rateTable(rates))}) r
      ),
      plans as (
        select p->>'slug' as slug, p->>'tier' as tier, p->>'plan' as plan
        from jsonb_array_elements(${json(plans)}) p
      ),
      contributing as (
        select o.id from organizations o
        left join benchmark_settings b on b.organization_id = o.id
        where coalesce(b.peer_sharing, true) and o.account_status not in ('locked', 'trial_expired')
      ),
      live as (
        select s.* from subscriptions s
        join contributing c on c.id = s.organization_id
        where s.catalog_slug is not null and s.archived_at is null and s.status in ${liveStatusList}
      ),
      priced as (
        select s.organization_id, s.catalog_slug, coalesce(pl.plan, '') as plan, 'user' as unit,
          p.unit_price_minor::numeric as per_cycle,
          coalesce(p.seats, (select count(*) from license_assignments a
            where a.organization_id = p.organization_id and a.pool_id = p.id and a.unassigned_at is null)) as seats,
          p.billing_cycle as cycle, p.interval_months, p.currency
        from live s
        join license_pools p on p.organization_id = s.organization_id and p.subscription_id = s.id
        left join plans pl on pl.slug = s.catalog_slug and pl.tier = lower(p.tier_name)
        union all
        select s.organization_id, s.catalog_slug, '', case s.pricing_model when 'per-seat' then 'user' else 'flat' end,
          (case s.pricing_model when 'per-seat' then s.unit_price_minor else s.amount_minor end)::numeric,
          s.seats, s.billing_cycle, s.interval_months, s.currency
        from live s
        where s.pricing_model in ('per-seat', 'flat')
          and not exists (select 1 from license_pools p where p.organization_id = s.organization_id and p.subscription_id = s.id)
      )
      -- Per month in USD minor units: the cycle's months (weekly: 52/12 a month), then the rate.
      select pr.organization_id, pr.catalog_slug, pr.plan, pr.unit,
        case when pr.seats between 1 and 10 then '1-10' when pr.seats between 11 and 50 then '11-50'
          when pr.seats between 51 and 250 then '51-250' when pr.seats > 250 then '251+' end as seat_band,
        case pr.cycle when 'annual' then 'annual' when 'multi-year' then 'multi-year' else 'monthly' end as term,
        pr.per_cycle * case pr.cycle when 'weekly' then 52.0 / 12 when 'monthly' then 1 when 'quarterly' then 1 / 3.0
            when 'semi-annual' then 1 / 6.0 when 'annual' then 1 / 12.0
            when 'multi-year' then 1.0 / coalesce(pr.interval_months, 24) end
          * ${usd}::numeric / r.per_eur * power(10::numeric, 2 - r.digits) as per_month_usd
      from priced pr
      join rates r on r.currency = pr.currency
      where pr.per_cycle > 0`);
    await tx.execute(sql`delete from peer_benchmarks`);
    const inserted = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with per_org as (
          select catalog_slug, plan, unit, seat_band, term, organization_id, avg(per_month_usd) as price
          from peer_prices where seat_band is not null and term is not null
          group by catalog_slug, plan, unit, seat_band, term, organization_id
        ),
        cells as (
          insert into peer_benchmarks (catalog_slug, plan, seat_band, term, unit, currency, p25_minor,
            median_minor, p75_minor, deciles, organizations, computed_at)
          select catalog_slug, plan, seat_band, term, unit, ${AGGREGATE_CURRENCY},
            round(percentile_cont(0.25) within group (order by price)),
            round(percentile_cont(0.5) within group (order by price)),
            round(percentile_cont(0.75) within group (order by price)),
            (select array_agg(round(d::numeric, 2)) from unnest(percentile_cont(array[0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9])
              within group (order by price)) d),
            count(*), ${at}::timestamptz
          from per_org
          group by catalog_slug, plan, seat_band, term, unit
          having count(*) >= ${PEER_MIN_ORGANIZATIONS}
          returning 1
        )
        select count(*)::int as n from cells`),
    );
    const [{ contributors }] = rowsOf<{ contributors: number }>(
      await tx.execute(sql`select count(distinct organization_id)::int as contributors from peer_prices`),
    );
    const cells = Number(inserted[0]?.n ?? 0);
    await tx.execute(sql`
      insert into peer_benchmark_runs (run_date, contributors, cells, computed_at)
      values (${todayInTimeZone(now)}, ${contributors}, ${cells}, ${at}::timestamptz)
      on conflict (run_date) do update set contributors = excluded.contributors, cells = excluded.cells,
        computed_at = excluded.computed_at`);
    return { contributors: Number(contributors), cells };
  });
}

const TASK = 'peer-benchmarks';
const INSTALLATION = 'installation';

/**
 * Once a day, whatever the number of servers: the periodic task is planned hourly on every server;
 * the first to claim the day in job_runs runs it, the others find the claim and stop.
 */
export const peerBenchmarksTask: PeriodicTask = {
  name: TASK,
  everyMinutes: 60,
  run: async (deps) => {
    const now = deps.clock.now();
    const claim = await claimJobRun(deps.db, {
      job: TASK,
      scope: INSTALLATION,
      runDate: todayInTimeZone(now),
      startedAt: now,
    });
    if (!claim) return null;
    let result: AggregationResult;
    try {
      result = await aggregatePeerBenchmarks(deps.db, now);
    } catch (error) {
      // Give the day back: the next hourly run (on any server) tries again.
      await releaseJobRun(deps.db, claim);
      throw error;
    }
    await finishJobRun(deps.db, claim, deps.clock.now());
    return result;
  },
};
