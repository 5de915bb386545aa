-- Rollups kept by statement-level triggers with transition tables (PostgreSQL and PGlite alike):
-- every write path — services, imports, bulk inserts, the demo generator — updates them in its own
-- transaction, so totals read right after a write are current on any server. One grouped upsert per
-- statement (a 100k-row import costs one aggregate per chunk, not one upsert per row); an update
-- that changes no rolled-up column nets to zero and locks no rollup row. Deltas apply only while the
-- organization exists: deleting it cascades to the rollups too.
CREATE FUNCTION subscription_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta (organization_id, currency, status, archived, n, monthly_minor, annual_minor) AS (
      SELECT r.organization_id, r.currency, r.status, r.archived_at IS NOT NULL, 1, r.monthly_cost_minor, r.annual_cost_minor FROM new_rows r
    )
    INSERT INTO subscription_totals AS t (organization_id, currency, status, archived, count, monthly_minor, annual_minor)
    SELECT d.organization_id, d.currency, d.status, d.archived, sum(d.n), sum(d.monthly_minor), sum(d.annual_minor)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0 OR sum(d.monthly_minor) <> 0 OR sum(d.annual_minor) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, currency, status, archived) DO UPDATE SET count = t.count + excluded.count, monthly_minor = t.monthly_minor + excluded.monthly_minor, annual_minor = t.annual_minor + excluded.annual_minor;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta (organization_id, currency, status, archived, n, monthly_minor, annual_minor) AS (
      SELECT r.organization_id, r.currency, r.status, r.archived_at IS NOT NULL, -1, -r.monthly_cost_minor, -r.annual_cost_minor FROM old_rows r
    )
    INSERT INTO subscription_totals AS t (organization_id, currency, status, archived, count, monthly_minor, annual_minor)
    SELECT d.organization_id, d.currency, d.status, d.archived, sum(d.n), sum(d.monthly_minor), sum(d.annual_minor)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0 OR sum(d.monthly_minor) <> 0 OR sum(d.annual_minor) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, currency, status, archived) DO UPDATE SET count = t.count + excluded.count, monthly_minor = t.monthly_minor + excluded.monthly_minor, annual_minor = t.annual_minor + excluded.annual_minor;
  ELSE
    WITH delta (organization_id, currency, status, archived, n, monthly_minor, annual_minor) AS (
      SELECT r.organization_id, r.currency, r.status, r.archived_at IS NOT NULL, 1, r.monthly_cost_minor, r.annual_cost_minor FROM new_rows r
      UNION ALL
      SELECT r.organization_id, r.currency, r.status, r.archived_at IS NOT NULL, -1, -r.monthly_cost_minor, -r.annual_cost_minor FROM old_rows r
    )
    INSERT INTO subscription_totals AS t (organization_id, currency, status, archived, count, monthly_minor, annual_minor)
    SELECT d.organization_id, d.currency, d.status, d.archived, sum(d.n), sum(d.monthly_minor), sum(d.annual_minor)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0 OR sum(d.monthly_minor) <> 0 OR sum(d.annual_minor) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, currency, status, archived) DO UPDATE SET count = t.count + excluded.count, monthly_minor = t.monthly_minor + excluded.monthly_minor, annual_minor = t.annual_minor + excluded.annual_minor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_totals_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_totals_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_totals_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_totals_apply();
--> statement-breakpoint
CREATE TRIGGER subscription_totals_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_totals_apply();
--> statement-breakpoint
CREATE FUNCTION expense_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta (organization_id, date, currency, match_status, n, amount_minor) AS (
      SELECT r.organization_id, r.date, r.currency, r.match_status, 1, r.amount_minor FROM new_rows r
    )
    INSERT INTO expense_day_totals AS t (organization_id, date, currency, match_status, count, amount_minor)
    SELECT d.organization_id, d.date, d.currency, d.match_status, sum(d.n), sum(d.amount_minor)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0 OR sum(d.amount_minor) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, date, currency, match_status) DO UPDATE SET count = t.count + excluded.count, amount_minor = t.amount_minor + excluded.amount_minor;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta (organization_id, date, currency, match_status, n, amount_minor) AS (
      SELECT r.organization_id, r.date, r.currency, r.match_status, -1, -r.amount_minor FROM old_rows r
    )
    INSERT INTO expense_day_totals AS t (organization_id, date, currency, match_status, count, amount_minor)
    SELECT d.organization_id, d.date, d.currency, d.match_status, sum(d.n), sum(d.amount_minor)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0 OR sum(d.amount_minor) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, date, currency, match_status) DO UPDATE SET count = t.count + excluded.count, amount_minor = t.amount_minor + excluded.amount_minor;
  ELSE
    WITH delta (organization_id, date, currency, match_status, n, amount_minor) AS (
      SELECT r.organization_id, r.date, r.currency, r.match_status, 1, r.amount_minor FROM new_rows r
      UNION ALL
      SELECT r.organization_id, r.date, r.currency, r.match_status, -1, -r.amount_minor FROM old_rows r
    )
    INSERT INTO expense_day_totals AS t (organization_id, date, currency, match_status, count, amount_minor)
    SELECT d.organization_id, d.date, d.currency, d.match_status, sum(d.n), sum(d.amount_minor)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0 OR sum(d.amount_minor) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (organization_id, date, currency, match_status) DO UPDATE SET count = t.count + excluded.count, amount_minor = t.amount_minor + excluded.amount_minor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expense_day_totals_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER expense_day_totals_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_day_totals_apply();
--> statement-breakpoint
CREATE TRIGGER expense_day_totals_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_day_totals_apply();
--> statement-breakpoint
INSERT INTO subscription_totals (organization_id, currency, status, archived, count, monthly_minor, annual_minor)
  SELECT organization_id, currency, status, archived_at IS NOT NULL, count(*), sum(monthly_cost_minor), sum(annual_cost_minor)
  FROM subscriptions GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO expense_day_totals (organization_id, date, currency, match_status, count, amount_minor)
  SELECT organization_id, date, currency, match_status, count(*), sum(amount_minor)
  FROM expenses GROUP BY 1, 2, 3, 4;
