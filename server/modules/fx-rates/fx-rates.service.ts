import type { z } from 'zod';
import type {
  createFxRatesBody,
  deleteFxRateQuery,
  FxRateSource,
  listFxRatesQuery,
} from '../../../common/contracts/fx-rates';
import { todayInTimeZone } from '../../../common/dates';
import { badRequest, notFound } from '../../errors';
import { readTable } from '../../lib/tabular/read-table';
import type { RequestContext, ServiceDeps } from '../../types';
import { recordAudit } from '../../lib/audit';
import { convertAmounts } from './convert.repo';
import { fxRatesNeeds } from './needs';
import * as repo from './fx-rates.repo';
import { dateSpan, readRatesFile, type RateRow } from './rates-file';

type Ctx = Pick<RequestContext, 'orgId' | 'userId' | 'org' | 'actor' | 'now'>;

const present = (row: repo.FxRateRow) => ({
  date: row.date,
  base: row.base,
  quote: row.quote,
  rate: Number(row.rate),
  source: row.source,
  createdAt: row.createdAt,
});

/**
 * Currencies with no rate into the reporting currency: expenses with none at their charge's date
 * (kept by the rollup), and live applications with none today (what the totals cannot convert).
 */
async function missingRates(deps: ServiceDeps, ctx: Ctx) {
  const today = todayInTimeZone(deps.clock.now());
  const [expenses, spend] = await Promise.all([
    fxRatesNeeds.use().unconvertedExpenseCurrencies(deps.db, ctx.orgId),
    fxRatesNeeds.use().liveSpendByCurrency(deps.db, ctx.orgId),
  ]);
  const applications = await convertAmounts(
    deps.db,
    ctx.orgId,
    spend.map((s) => ({ currency: s.currency, amountMinor: s.monthlyMinor })),
    ctx.org.currency,
    today,
  );
  const missing = new Map<string, { currency: string; since: string | null; charges: number }>(
    expenses.map((e) => [e.currency, e]),
  );
  for (const { currency } of applications.unconverted) {
    if (!missing.has(currency)) missing.set(currency, { currency, since: null, charges: 0 });
  }
  return [...missing.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

export async function listFxRates(deps: ServiceDeps, ctx: Ctx, query: z.output<typeof listFxRatesQuery>) {
  const [rows, missing] = await Promise.all([
    repo.listRates(deps.db, ctx.orgId, query),
    missingRates(deps, ctx),
  ]);
  return { items: rows.map(present), reportingCurrency: ctx.org.currency, missing };
}

async function storeRates(
  deps: ServiceDeps,
  ctx: Ctx,
  rows: readonly RateRow[],
  source: FxRateSource,
  changes: Record<string, unknown>,
) {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await repo.upsertRates(tx, ctx.orgId, rows, source, now);
    await recordAudit(tx, ctx, {
      action: source === 'manual' ? 'fx_rate.create' : 'fx_rate.import',
      entityType: 'fx_rate',
      changes,
    });
  });
}

/** Rates entered by hand: each replaces the rate of its day and pair. */
export async function createFxRates(deps: ServiceDeps, ctx: Ctx, body: z.output<typeof createFxRatesBody>) {
  const rows = body.rates.map((r) => ({ ...r, rate: String(r.rate) }));
  await storeRates(deps, ctx, rows, 'manual', { rates: body.rates });
  const stored = await repo.findRates(deps.db, ctx.orgId, repo.lastPerKey(rows));
  return stored.map(present);
}

/**
 * An uploaded rate file (ECB reference rates or a long table): every readable rate in one
 * transaction; unreadable lines are reported, unsupported currencies counted as skipped.
 */
export async function importFxRates(deps: ServiceDeps, ctx: Ctx, file: { buffer: Buffer; fileName: string }) {
  const parsed = readRatesFile(await readTable(file.buffer));
  if (parsed.rows.length === 0 && parsed.errors.length > 0 && parsed.skipped === 0) {
    throw badRequest(parsed.errors[0].message, { errors: parsed.errors.slice(0, 100) });
  }
  const span = dateSpan(parsed.rows);
  const rows = repo.lastPerKey(parsed.rows);
  if (rows.length > 0) {
    await storeRates(deps, ctx, rows, 'csv', { fileName: file.fileName, imported: rows.length, ...span });
  }
  return { imported: rows.length, skipped: parsed.skipped, errors: parsed.errors, ...span };
}

export async function deleteFxRate(deps: ServiceDeps, ctx: Ctx, key: z.output<typeof deleteFxRateQuery>) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.deleteRate(tx, ctx.orgId, key))) throw notFound('Rate');
    await recordAudit(tx, ctx, {
      action: 'fx_rate.delete',
      entityType: 'fx_rate',
      changes: key,
    });
  });
}
