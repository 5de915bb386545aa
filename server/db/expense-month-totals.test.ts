import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FX_LOOKBACK_DAYS } from '../../common/contracts/fx-rates';
import { CURRENCIES } from '../../common/money';
import { fixedClock } from '../lib/clock';
import { api, buildOrgOwner } from '../test/factories';
import { useTestServer } from '../test/test-server';

// Migration 0024: expenses per month converted into the organization's currency at each charge's
// date, kept by triggers as expenses, rates and the organization's currency change.

const server = useTestServer({ clock: fixedClock('2026-03-10T12:00:00Z') });

type Row = Record<string, unknown>;
const query = async (q: ReturnType<typeof sql>) => (await server.database.db.execute(q)).rows as Row[];

async function org() {
  const owner = await buildOrgOwner(server.app);
  return owner.orgId;
}
const addExpense = (orgId: string, date: string, amountMinor: number, currency: string) =>
  query(sql`insert into expenses (organization_id, date, amount_minor, currency, merchant, merchant_key, merchant_name)
    values (${orgId}, ${date}, ${amountMinor}, ${currency}, 'X', 'X', 'X') returning id`);
const addRate = (orgId: string, date: string, base: string, quote: string, rate: string) =>
  query(
    sql`insert into fx_rates (organization_id, date, base, quote, rate) values (${orgId}, ${date}, ${base}, ${quote}, ${rate})`,
  );
const totals = async (orgId: string) =>
  (
    await query(sql`select month::text, currency, count::int, amount_minor::bigint::text as amount,
      round(converted_minor)::text as converted, unconverted_count::int as missing
      from expense_month_totals where organization_id = ${orgId} and count <> 0 order by 1, 2`)
  ).map((r) => ({ ...r }));
const rate = async (orgId: string, from: string, to: string, on: string) =>
  (await query(sql`select fx_rate(${orgId}, ${from}, ${to}, ${on}::date)::float8 as r`))[0]!.r as
    number | null;

describe('default entity and brand', () => {
  it('every new organization has exactly one of each, named after it', async () => {
    const orgId = await org();
    const entities = await query(
      sql`select name, functional_currency, is_default from entities where organization_id = ${orgId}`,
    );
    const brands = await query(sql`select b.name, b.is_default, b.entity_id = e.id as owned from brands b
      join entities e on e.organization_id = b.organization_id and e.is_default where b.organization_id = ${orgId}`);
    expect(entities).toHaveLength(1);
    expect(entities[0]).toMatchObject({ functional_currency: 'USD', is_default: true });
    expect(brands).toEqual([{ name: entities[0]!.name, is_default: true, owned: true }]);
  });
});

describe('fx_rate', () => {
  it('uses the rate on the date, else the latest within the look-back, inverted or crossed through a common base', async () => {
    const orgId = await org();
    await addRate(orgId, '2026-01-02', 'EUR', 'USD', '1.10');
    await addRate(orgId, '2026-01-02', 'EUR', 'GBP', '0.88');
    await addRate(orgId, '2026-01-05', 'EUR', 'USD', '1.20');
    expect(await rate(orgId, 'EUR', 'USD', '2026-01-02')).toBeCloseTo(1.1, 10);
    expect(await rate(orgId, 'EUR', 'USD', '2026-01-04')).toBeCloseTo(1.1, 10); // the weekend: Friday's
    expect(await rate(orgId, 'EUR', 'USD', '2026-01-05')).toBeCloseTo(1.2, 10);
    expect(await rate(orgId, 'USD', 'EUR', '2026-01-05')).toBeCloseTo(1 / 1.2, 10);
    expect(await rate(orgId, 'USD', 'GBP', '2026-01-02')).toBeCloseTo(0.88 / 1.1, 10);
    expect(await rate(orgId, 'EUR', 'USD', '2026-01-01')).toBeNull(); // before any rate
    expect(
      await rate(orgId, 'EUR', 'GBP', `2026-01-${String(2 + FX_LOOKBACK_DAYS + 1).padStart(2, '0')}`),
    ).toBeNull();
    expect(await rate(orgId, 'USD', 'USD', '1999-01-01')).toBe(1);
  });

  it("reads only the organization's own rates", async () => {
    const a = await org();
    const b = await org();
    await addRate(a, '2026-01-02', 'EUR', 'USD', '1.10');
    expect(await rate(b, 'EUR', 'USD', '2026-01-02')).toBeNull();
  });

  it('knows every currency exponent of common/money', async () => {
    for (const [code, digits] of Object.entries(CURRENCIES)) {
      const [row] = await query(sql`select currency_exponent(${code}) as d`);
      expect([code, row!.d]).toEqual([code, digits]);
    }
  });
});

describe('expense_month_totals', () => {
  it('converts each charge at its own date, shows a missing rate as missing, and follows rate and currency changes', async () => {
    const owner = await buildOrgOwner(server.app);
    const orgId = owner.orgId;
    await addExpense(orgId, '2026-01-02', 10_000, 'EUR');
    await addExpense(orgId, '2026-01-20', 10_000, 'EUR');
    await addExpense(orgId, '2026-01-20', 5_000, 'USD');
    await addExpense(orgId, '2026-02-03', 1_000, 'JPY');
    expect(await totals(orgId)).toEqual([
      { month: '2026-01-01', currency: 'EUR', count: 2, amount: '20000', converted: '0', missing: 2 },
      { month: '2026-01-01', currency: 'USD', count: 1, amount: '5000', converted: '5000', missing: 0 },
      { month: '2026-02-01', currency: 'JPY', count: 1, amount: '1000', converted: '0', missing: 1 },
    ]);

    await addRate(orgId, '2026-01-02', 'EUR', 'USD', '1.10');
    await addRate(orgId, '2026-01-19', 'EUR', 'USD', '1.20');
    await addRate(orgId, '2026-02-03', 'USD', 'JPY', '150');
    expect(await totals(orgId)).toEqual([
      { month: '2026-01-01', currency: 'EUR', count: 2, amount: '20000', converted: '23000', missing: 0 },
      { month: '2026-01-01', currency: 'USD', count: 1, amount: '5000', converted: '5000', missing: 0 },
      // ¥1,000 ÷ 150 = $6.67: JPY has no minor unit, USD two.
      { month: '2026-02-01', currency: 'JPY', count: 1, amount: '1000', converted: '667', missing: 0 },
    ]);

    // The currency change converts again (the organizations service, no trigger: issue 34).
    const changed = await api(server.app, owner.cookie).patch('/api/organization', { currency: 'EUR' });
    expect(changed.statusCode).toBe(200);
    const inEuros = await totals(orgId);
    expect(inEuros[0]).toMatchObject({ currency: 'EUR', converted: '20000' });
    expect(inEuros[1]).toMatchObject({ currency: 'USD', converted: '4167' }); // $50 ÷ 1.20

    await query(sql`delete from fx_rates where organization_id = ${orgId} and date = '2026-01-19'`);
    // The USD charge of Jan 20 now has no rate within the look-back (Jan 2 is 18 days before).
    expect((await totals(orgId))[1]).toMatchObject({ currency: 'USD', converted: '0', missing: 1 });
  });
});
