// Brand revenue: a 12-month grid per brand (PUT upserts the months given) and a CSV/XLSX import of
// month, brand, amount and optional currency for every brand at once.
import type { z } from 'zod';
import type { brandRevenueBody } from '../../../common/contracts/brand-profitability';
import { rowError, type ImportRowError } from '../../../common/contracts/import-rows';
import { isCurrencyCode, toMinor } from '../../../common/money';
import { headerKey, suggestMapping } from '../../../common/tabular/headers';
import { parseLooseDate } from '../../../common/tabular/dates';
import { AppError, badRequest, notFound } from '../../errors';
import { namedTable } from '../../lib/tabular/named-table';
import { readTableInput } from '../../lib/tabular/read-table';
import type { RequestContext, ServiceDeps } from '../../types';

import * as repo from '../entities';

const MAX_REVENUE_ROWS = 10_000;
const MAX_REVENUE_MINOR = 1e15;

async function findBrand(deps: ServiceDeps, ctx: RequestContext, brandId: string) {
  const [brand] = await repo.listBrands(deps.db, ctx.orgId, { id: brandId });
  if (!brand) throw notFound('Brand');
  return brand;
}

export async function getRevenue(deps: ServiceDeps, ctx: RequestContext, brandId: string) {
  await findBrand(deps, ctx, brandId);
  const rows = await repo.listRevenue(deps.db, ctx.orgId, brandId);
  return { brandId, items: rows.map((r) => ({ ...r, month: r.month.slice(0, 7) })) };
}

export async function putRevenue(
  deps: ServiceDeps,
  ctx: RequestContext,
  brandId: string,
  body: z.infer<typeof brandRevenueBody>,
) {
  await findBrand(deps, ctx, brandId);
  const months = body.items.map((i) => i.month);
  if (new Set(months).size !== months.length) throw badRequest('Each month may appear once');
  await repo.upsertRevenue(
    deps.db,
    ctx.orgId,
    ctx.userId,
    body.items.map((i) => ({
      brandId,
      month: `${i.month}-01`,
      amountMinor: i.amountMinor,
      currency: i.currency ?? ctx.org.currency,
    })),
    deps.clock.now(),
  );
  return getRevenue(deps, ctx, brandId);
}

const SYNONYMS = {
  month: ['month', 'period', 'date'],
  brand: ['brand', 'brand name'],
  amount: ['amount', 'revenue', 'value', 'total'],
  currency: ['currency', 'ccy'],
} as const;
type Field = keyof typeof SYNONYMS;

/** '2026-01', '2026-01-01', '01/2026' or any date the importers read: its month's first day. */
function parseMonth(raw: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})$/.exec(raw);
  const slashed = /^(\d{1,2})[/.](\d{4})$/.exec(raw);
  const [year, month] = iso ? [iso[1], iso[2]] : slashed ? [slashed[2], slashed[1]] : [];
  if (year && month) {
    const m = Number(month);
    return m >= 1 && m <= 12 ? `${year}-${String(m).padStart(2, '0')}-01` : null;
  }
  const date = parseLooseDate(raw, 'ymd');
  return date ? `${date.slice(0, 7)}-01` : null;
}

/**
 * Imports every row or none: a row naming an unknown brand, a bad month or amount, or repeating a
 * brand's month is a 400 `validation_error` listing them all.
 */
export async function importRevenue(
  deps: ServiceDeps,
  ctx: RequestContext,
  input: { csv?: string | undefined; file?: string | undefined },
) {
  const table = namedTable(await readTableInput(input), MAX_REVENUE_ROWS);
  const mapping = suggestMapping(table.headers, SYNONYMS);
  const missing = (['month', 'brand', 'amount'] as const).filter((f) => mapping[f] === undefined);
  if (missing.length > 0) {
    throw badRequest(`The file needs columns named ${missing.join(', ')} (and optionally currency).`);
  }
  const header = (field: Field) => (mapping[field] === undefined ? null : table.headers[mapping[field]]!);
  const brands = await repo.listBrands(deps.db, ctx.orgId, { live: true });
  const brandByName = new Map(brands.map((b) => [headerKey(b.name), b.id]));
  const rows: repo.RevenueRow[] = [];
  const errors: ImportRowError[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of table.rows) {
    const cell = (field: Field) => {
      const name = header(field);
      return name === null ? '' : (cells[name] ?? '');
    };
    const month = parseMonth(cell('month'));
    const brandId = brandByName.get(headerKey(cell('brand')));
    const currency = cell('currency').toUpperCase() || ctx.org.currency;
    if (!month) errors.push(rowError(line, 'month', 'Use a month like 2026-01'));
    if (!brandId) errors.push(rowError(line, 'brand', `No brand named "${cell('brand')}"`));
    if (!isCurrencyCode(currency)) errors.push(rowError(line, 'currency', `Unknown currency "${currency}"`));
    let amountMinor: number | null = null;
    try {
      amountMinor = toMinor(cell('amount'), isCurrencyCode(currency) ? currency : ctx.org.currency);
    } catch {
      errors.push(rowError(line, 'amount', 'Not a number'));
    }
    if (amountMinor !== null && (amountMinor < 0 || amountMinor > MAX_REVENUE_MINOR)) {
      errors.push(rowError(line, 'amount', 'Revenue must be 0 or more'));
    }
    if (!month || !brandId || amountMinor === null || !isCurrencyCode(currency)) continue;
    const key = `${brandId}/${month}`;
    if (seen.has(key)) errors.push(rowError(line, null, 'This brand and month appear twice in the file'));
    seen.add(key);
    rows.push({ brandId, month, amountMinor, currency });
  }
  if (errors.length > 0) {
    const bad = new Set(errors.map((e) => e.line)).size;
    throw new AppError(
      'validation_error',
      `${bad} row${bad > 1 ? 's have' : ' has'} errors; nothing was imported.`,
      {
        errors,
      },
    );
  }
  await deps.db.transaction((tx) => repo.upsertRevenue(tx, ctx.orgId, ctx.userId, rows, deps.clock.now()));
  const months = rows.map((r) => r.month.slice(0, 7)).toSorted();
  return {
    imported: rows.length,
    brands: new Set(rows.map((r) => r.brandId)).size,
    from: months[0] ?? null,
    to: months.at(-1) ?? null,
  };
}
