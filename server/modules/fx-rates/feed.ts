// The optional daily rate feed (FX_RATES_URL, an ECB-format CSV): once a day, whatever the number of
// servers, its rates go to every organization that uses more than one currency, for those only.
import { todayInTimeZone } from '../../../common/dates';
import { claimJobRun, finishJobRun, releaseJobRun } from '../../jobs/job-runs.repo';
import type { PeriodicTask } from '../../jobs/scheduler';
import { readTableText } from '../../lib/tabular/read-table';
import type { ServiceDeps } from '../../types';
import { listEntities } from '../entities';
import { findOrganization, listOrganizationIds } from '../organizations';
import { fxRatesNeeds } from './needs';
import { upsertRates } from './fx-rates.repo';
import { readRatesFile, type RateRow } from './rates-file';

const TASK = 'fx-rates-feed';
const INSTALLATION = 'installation';
const FETCH_TIMEOUT_MS = 10_000;

async function fetchFeed(url: string): Promise<RateRow[]> {
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`FX feed answered ${response.status}`);
  const parsed = readRatesFile(readTableText(await response.text()));
  if (parsed.rows.length === 0)
    throw new Error(`FX feed had no rates: ${parsed.errors[0]?.message ?? 'empty'}`);
  return parsed.rows;
}

/** The organization's currency, its entities' and those of its expenses and live applications. */
async function currenciesUsed(deps: ServiceDeps, orgId: string): Promise<Set<string>> {
  const [org, entities, expenses, spend] = await Promise.all([
    findOrganization(deps.db, orgId),
    listEntities(deps.db, orgId),
    fxRatesNeeds.use().expenseCurrencies(deps.db, orgId),
    fxRatesNeeds.use().liveSpendByCurrency(deps.db, orgId),
  ]);
  return new Set([
    ...(org ? [org.currency] : []),
    ...entities.map((e) => e.functionalCurrency),
    ...expenses,
    ...spend.map((s) => s.currency),
  ]);
}

/** Stores the feed's rates into each organization using several currencies; answers how many got some. */
export async function applyFeed(deps: ServiceDeps, rows: readonly RateRow[]): Promise<number> {
  let organizations = 0;
  const now = deps.clock.now();
  for (const orgId of await listOrganizationIds(deps.db)) {
    const used = await currenciesUsed(deps, orgId);
    if (used.size < 2) continue;
    // The feed quotes everything against one base (EUR): the quotes of the currencies used let
    // fx_rate() cross between any two of them.
    const wanted = rows.filter((r) => used.has(r.quote));
    if (wanted.length === 0) continue;
    await deps.db.transaction((tx) => upsertRates(tx, orgId, wanted, 'feed', now, { keepOthers: true }));
    organizations += 1;
  }
  return organizations;
}

/**
 * Planned hourly on every server; the first to claim the day runs it. A failure (feed down, bad file)
 * is logged and gives the day back, so the next hour's run tries again; it never throws.
 */
export const fxRatesFeedTask: PeriodicTask = {
  name: TASK,
  everyMinutes: 60,
  run: async (deps) => {
    const url = deps.env.FX_RATES_URL;
    if (!url) return null;
    const now = deps.clock.now();
    const claim = await claimJobRun(deps.db, {
      job: TASK,
      scope: INSTALLATION,
      runDate: todayInTimeZone(now),
      startedAt: now,
    });
    if (!claim) return null;
    try {
      const organizations = await applyFeed(deps, await fetchFeed(url));
      await finishJobRun(deps.db, claim, deps.clock.now());
      return { organizations };
    } catch (error) {
      deps.log.error({ err: error, url }, 'FX rate feed failed; retrying next hour');
      await releaseJobRun(deps.db, claim);
      return null;
    }
  },
};
