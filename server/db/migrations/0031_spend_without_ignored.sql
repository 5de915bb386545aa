-- Issue 31: an expense marked "Ignore (not software)" is not software spend. The rollup every spend
-- figure reads (Analytics, the reports, the Expenses chart, budgets, brand profitability) leaves it
-- out, as the ledger's "unmatched" and the Expenses chart always did. Ignoring a charge (an update
-- of match_status) takes it out of its month; un-ignoring puts it back.
CREATE OR REPLACE FUNCTION expense_month_totals_delta(rel text, sign integer) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($s$SELECT r.organization_id, r.date, r.currency,
    coalesce(r.subscription_id, '00000000-0000-0000-0000-000000000000') AS sub,
    CASE WHEN r.has_own_allocation THEN r.id ELSE '00000000-0000-0000-0000-000000000000' END AS exp,
    coalesce(r.category_id, '00000000-0000-0000-0000-000000000000') AS cat,
    coalesce(r.department, '') AS dept,
    coalesce(r.payment_method_id, '00000000-0000-0000-0000-000000000000') AS pm,
    coalesce(r.vendor_id, '00000000-0000-0000-0000-000000000000') AS ven,
    %s AS n, %s * r.amount_minor AS amt FROM (SELECT * FROM %s WHERE match_status <> 'ignored') r$s$, sign, sign, rel)
$f$;
--> statement-breakpoint
-- Backfill: every organization's rollup rebuilt without its ignored charges.
DELETE FROM expense_month_totals;
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE expense_month_totals_sql(expense_month_totals_delta('expenses', 1));
END $$;
