ALTER TABLE "expense_month_totals" ADD COLUMN "category_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_month_totals" ADD COLUMN "department" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_month_totals" ADD COLUMN "payment_method_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_month_totals" ADD COLUMN "vendor_id" uuid DEFAULT '00000000-0000-0000-0000-000000000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "expense_month_totals" DROP CONSTRAINT "expense_month_totals_pkey";
--> statement-breakpoint
ALTER TABLE "expense_month_totals" ADD CONSTRAINT "expense_month_totals_pkey" PRIMARY KEY("organization_id","month","currency","subscription_id","expense_id","category_id","department","payment_method_id","vendor_id");--> statement-breakpoint
-- The rollup's key grows by the expense's own category, department, payment method and vendor (nil
-- UUID or '' when it has none), so analytics can group spend by them without reading expenses. An
-- expense without its own value counts under its application's at read time.
-- The delta `src` now yields (organization_id, date, currency, sub, exp, cat, dept, pm, ven, n, amt).
CREATE OR REPLACE FUNCTION expense_month_totals_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    WITH delta AS (%s),
    day AS (
      SELECT d.organization_id, d.date, d.currency, d.sub, d.exp, d.cat, d.dept, d.pm, d.ven, sum(d.n) AS n, sum(d.amt) AS amt
      FROM delta d GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(d.n) <> 0 OR sum(d.amt) <> 0
    ),
    rated AS (
      SELECT k.organization_id, k.date, k.currency,
        fx_rate(k.organization_id, k.currency, o.currency, k.date)
          * power(10::numeric, currency_exponent(o.currency) - currency_exponent(k.currency)) AS factor
      FROM (SELECT DISTINCT organization_id, date, currency FROM day) k JOIN organizations o ON o.id = k.organization_id
    )
    INSERT INTO expense_month_totals AS t (organization_id, month, currency, subscription_id, expense_id, category_id, department, payment_method_id, vendor_id, count, amount_minor, converted_minor, unconverted_count, unconverted_minor)
    SELECT d.organization_id, date_trunc('month', d.date)::date, d.currency, d.sub, d.exp, d.cat, d.dept, d.pm, d.ven, sum(d.n), sum(d.amt),
      coalesce(sum(d.amt * r.factor), 0), coalesce(sum(d.n) FILTER (WHERE r.factor IS NULL), 0), coalesce(sum(d.amt) FILTER (WHERE r.factor IS NULL), 0)
    FROM day d JOIN rated r ON r.organization_id = d.organization_id AND r.date = d.date AND r.currency = d.currency
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(d.n) <> 0 OR sum(d.amt) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT (organization_id, month, currency, subscription_id, expense_id, category_id, department, payment_method_id, vendor_id) DO UPDATE SET
      count = t.count + excluded.count, amount_minor = t.amount_minor + excluded.amount_minor,
      converted_minor = t.converted_minor + excluded.converted_minor,
      unconverted_count = t.unconverted_count + excluded.unconverted_count,
      unconverted_minor = t.unconverted_minor + excluded.unconverted_minor
  $q$, src)
$f$;
--> statement-breakpoint
-- The delta columns of expense rows read from `rel` (a transition table or expenses), signed by `sign`.
CREATE FUNCTION expense_month_totals_delta(rel text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($s$SELECT r.organization_id, r.date, r.currency,
    coalesce(r.subscription_id, '00000000-0000-0000-0000-000000000000') AS sub,
    CASE WHEN r.has_own_allocation THEN r.id ELSE '00000000-0000-0000-0000-000000000000' END AS exp,
    coalesce(r.category_id, '00000000-0000-0000-0000-000000000000') AS cat,
    coalesce(r.department, '') AS dept,
    coalesce(r.payment_method_id, '00000000-0000-0000-0000-000000000000') AS pm,
    coalesce(r.vendor_id, '00000000-0000-0000-0000-000000000000') AS ven,
    %s AS n, %s * r.amount_minor AS amt FROM %s r$s$, sign, sign, rel)
$f$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expense_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus text := expense_month_totals_delta('new_rows', 1);
  minus text := expense_month_totals_delta('old_rows', -1);
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE expense_month_totals_sql(plus);
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE expense_month_totals_sql(minus);
  ELSE
    EXECUTE expense_month_totals_sql(plus || ' UNION ALL ' || minus);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION expense_month_totals_recompute(p_org uuid, p_from date, p_to date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m_from date := date_trunc('month', p_from)::date;
  m_to date := (date_trunc('month', p_to) + interval '1 month')::date;
BEGIN
  DELETE FROM expense_month_totals WHERE organization_id = p_org AND month >= m_from AND month < m_to;
  EXECUTE expense_month_totals_sql(format('%s WHERE r.organization_id = %L AND r.date >= %L AND r.date < %L',
    expense_month_totals_delta('expenses', 1), p_org, m_from, m_to));
END $$;
--> statement-breakpoint
-- Backfill: every organization's rollup rebuilt with the new key.
DELETE FROM expense_month_totals;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE expense_month_totals_sql(expense_month_totals_delta('expenses', 1));
END $$;
