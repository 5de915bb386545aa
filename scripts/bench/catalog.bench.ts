// Issue 32 "List prices": how many catalogue applications carry a list price, how many of those a
// read source confirmed (with its URL and the date it shows), how old those observations are and how
// many are stale (price-age.ts: older than 12 months or undated), as of today.
import { performance } from 'node:perf_hooks';
import { CATALOG_BY_POPULARITY } from '../../common/catalog/catalog';
import { isStalePrice, priceAgeToday } from '../../common/catalog/price-age';
import { addMonths } from '../../common/dates';
import type { BenchResult } from './harness';

const TARGET_CONFIRMED = 350;

export async function catalogBench(): Promise<BenchResult[]> {
  const start = performance.now();
  const today = priceAgeToday();
  const sixMonthsAgo = addMonths(today, -6);
  const yearAgo = addMonths(today, -12);
  const priced = CATALOG_BY_POPULARITY.filter((app) => (app.prices ?? []).length > 0 && app.pricing);
  const pricings = priced.map((app) => app.pricing!);
  const confirmed = pricings.filter((p) => p.confirmed);
  const withSource = confirmed.filter((p) => /^https:\/\//.test(p.source) && p.observedOn !== null);
  const age = { under6: 0, from6to12: 0, over12: 0, unknown: 0 };
  for (const { observedOn } of confirmed) {
    if (observedOn === null) age.unknown += 1;
    else if (observedOn >= sixMonthsAgo) age.under6 += 1;
    else if (observedOn >= yearAgo) age.from6to12 += 1;
    else age.over12 += 1;
  }
  const stale = confirmed.filter((p) => isStalePrice(p, today)).length;
  const ms = performance.now() - start;
  return [
    {
      name: `catalog: list prices of ${CATALOG_BY_POPULARITY.length} applications as of ${today}`,
      iterations: priced.length,
      meanMs: ms,
      p50Ms: ms,
      p95Ms: ms,
      maxMs: ms,
      withinBudget: confirmed.length >= TARGET_CONFIRMED,
      note:
        `${priced.length} priced, ${confirmed.length} confirmed (target ${TARGET_CONFIRMED}), ` +
        `${withSource.length} with source and observed date; observed <6 mo ${age.under6}, ` +
        `6-12 mo ${age.from6to12}, >12 mo ${age.over12}, unknown ${age.unknown}; ` +
        `stale ${stale} of the confirmed (backing no savings)`,
    },
  ];
}
