CREATE TABLE "renewal_calendar" (
	"organization_id" uuid NOT NULL,
	"renewal_date" date NOT NULL,
	"currency" text NOT NULL,
	"billing_cycle" text NOT NULL,
	"interval_months" integer NOT NULL,
	"anchor_day" integer NOT NULL,
	"charges_from" date NOT NULL,
	"count" bigint NOT NULL,
	"cycle_cost_minor" bigint NOT NULL,
	CONSTRAINT "renewal_calendar_pk" PRIMARY KEY("organization_id","renewal_date","currency","billing_cycle","interval_months","anchor_day","charges_from")
);
--> statement-breakpoint
ALTER TABLE "renewal_calendar" ADD CONSTRAINT "renewal_calendar_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_org_upcoming_idx" ON "subscriptions" USING btree ("organization_id","next_renewal_date","name","id") WHERE "subscriptions"."archived_at" is null and "subscriptions"."status" in ('active', 'trial');--> statement-breakpoint
-- The renewal calendar (schema/rollups.ts) kept like the rollups of 0016: one grouped upsert per
-- statement on subscriptions. Only live active or trial applications with a renewal date count.
-- The two helpers are common/charge-schedule.ts's chargeAnchorDay and renewals' cycleCostOf in SQL
-- (server/db/rollups.test.ts compares the dashboard with the JavaScript over every application).
CREATE FUNCTION renewal_anchor_day(anchor date, start_date date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN start_date IS NOT NULL AND least(extract(day FROM start_date), extract(day FROM date_trunc('month', anchor) + interval '1 month - 1 day')) = extract(day FROM anchor)
      THEN extract(day FROM start_date)::integer
    ELSE extract(day FROM anchor)::integer
  END
$$;
--> statement-breakpoint
CREATE FUNCTION renewal_cycle_cost_minor(pricing_model text, amount_minor bigint, seats integer, unit_price_minor bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN pricing_model IN ('flat', 'usage') AND amount_minor BETWEEN 0 AND 9007199254740991 THEN amount_minor
    WHEN pricing_model = 'per-seat' AND seats >= 0 AND unit_price_minor >= 0 AND seats::numeric * unit_price_minor <= 9007199254740991 THEN seats * unit_price_minor
    ELSE 0
  END
$$;
--> statement-breakpoint
CREATE FUNCTION renewal_calendar_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    WITH delta (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from, n, cost) AS (
      SELECT r.organization_id, r.next_renewal_date, r.currency, r.billing_cycle,
        CASE WHEN r.billing_cycle = 'multi-year' THEN coalesce(r.interval_months, 0) ELSE 0 END,
        renewal_anchor_day(r.next_renewal_date, r.start_date), greatest(r.next_renewal_date, r.start_date),
        1, renewal_cycle_cost_minor(r.pricing_model, r.amount_minor, r.seats, r.unit_price_minor)
      FROM new_rows r WHERE r.archived_at IS NULL AND r.status IN ('active', 'trial') AND r.next_renewal_date IS NOT NULL
    )
    INSERT INTO renewal_calendar AS t (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from, count, cycle_cost_minor)
    SELECT d.organization_id, d.renewal_date, d.currency, d.billing_cycle, d.interval_months, d.anchor_day, d.charges_from, sum(d.n), sum(d.cost)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d.n) <> 0 OR sum(d.cost) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from) DO UPDATE SET count = t.count + excluded.count, cycle_cost_minor = t.cycle_cost_minor + excluded.cycle_cost_minor;
  ELSIF TG_OP = 'DELETE' THEN
    WITH delta (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from, n, cost) AS (
      SELECT r.organization_id, r.next_renewal_date, r.currency, r.billing_cycle,
        CASE WHEN r.billing_cycle = 'multi-year' THEN coalesce(r.interval_months, 0) ELSE 0 END,
        renewal_anchor_day(r.next_renewal_date, r.start_date), greatest(r.next_renewal_date, r.start_date),
        -1, -renewal_cycle_cost_minor(r.pricing_model, r.amount_minor, r.seats, r.unit_price_minor)
      FROM old_rows r WHERE r.archived_at IS NULL AND r.status IN ('active', 'trial') AND r.next_renewal_date IS NOT NULL
    )
    INSERT INTO renewal_calendar AS t (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from, count, cycle_cost_minor)
    SELECT d.organization_id, d.renewal_date, d.currency, d.billing_cycle, d.interval_months, d.anchor_day, d.charges_from, sum(d.n), sum(d.cost)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d.n) <> 0 OR sum(d.cost) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from) DO UPDATE SET count = t.count + excluded.count, cycle_cost_minor = t.cycle_cost_minor + excluded.cycle_cost_minor;
  ELSE
    WITH delta (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from, n, cost) AS (
      SELECT r.organization_id, r.next_renewal_date, r.currency, r.billing_cycle,
        CASE WHEN r.billing_cycle = 'multi-year' THEN coalesce(r.interval_months, 0) ELSE 0 END,
        renewal_anchor_day(r.next_renewal_date, r.start_date), greatest(r.next_renewal_date, r.start_date),
        1, renewal_cycle_cost_minor(r.pricing_model, r.amount_minor, r.seats, r.unit_price_minor)
      FROM new_rows r WHERE r.archived_at IS NULL AND r.status IN ('active', 'trial') AND r.next_renewal_date IS NOT NULL
      UNION ALL
      SELECT r.organization_id, r.next_renewal_date, r.currency, r.billing_cycle,
        CASE WHEN r.billing_cycle = 'multi-year' THEN coalesce(r.interval_months, 0) ELSE 0 END,
        renewal_anchor_day(r.next_renewal_date, r.start_date), greatest(r.next_renewal_date, r.start_date),
        -1, -renewal_cycle_cost_minor(r.pricing_model, r.amount_minor, r.seats, r.unit_price_minor)
      FROM old_rows r WHERE r.archived_at IS NULL AND r.status IN ('active', 'trial') AND r.next_renewal_date IS NOT NULL
    )
    INSERT INTO renewal_calendar AS t (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from, count, cycle_cost_minor)
    SELECT d.organization_id, d.renewal_date, d.currency, d.billing_cycle, d.interval_months, d.anchor_day, d.charges_from, sum(d.n), sum(d.cost)
    FROM delta d
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = d.organization_id)
    GROUP BY 1, 2, 3, 4, 5, 6, 7
    HAVING sum(d.n) <> 0 OR sum(d.cost) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from) DO UPDATE SET count = t.count + excluded.count, cycle_cost_minor = t.cycle_cost_minor + excluded.cycle_cost_minor;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER renewal_calendar_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION renewal_calendar_apply();
--> statement-breakpoint
CREATE TRIGGER renewal_calendar_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION renewal_calendar_apply();
--> statement-breakpoint
CREATE TRIGGER renewal_calendar_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION renewal_calendar_apply();
--> statement-breakpoint
INSERT INTO renewal_calendar (organization_id, renewal_date, currency, billing_cycle, interval_months, anchor_day, charges_from, count, cycle_cost_minor)
  SELECT r.organization_id, r.next_renewal_date, r.currency, r.billing_cycle,
    CASE WHEN r.billing_cycle = 'multi-year' THEN coalesce(r.interval_months, 0) ELSE 0 END,
    renewal_anchor_day(r.next_renewal_date, r.start_date), greatest(r.next_renewal_date, r.start_date),
    count(*), sum(renewal_cycle_cost_minor(r.pricing_model, r.amount_minor, r.seats, r.unit_price_minor))
  FROM subscriptions r WHERE r.archived_at IS NULL AND r.status IN ('active', 'trial') AND r.next_renewal_date IS NOT NULL
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
