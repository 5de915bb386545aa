CREATE TABLE "allocation_shares" (
	"organization_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"basis_points" integer NOT NULL,
	CONSTRAINT "allocation_shares_pkey" PRIMARY KEY("organization_id","target_kind","target_id","entity_id","brand_id"),
	CONSTRAINT "allocation_shares_bp_check" CHECK ("allocation_shares"."basis_points" > 0 and "allocation_shares"."basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "allocations" (
	"organization_id" uuid NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" uuid NOT NULL,
	"method" text DEFAULT 'fixed' NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocations_pkey" PRIMARY KEY("organization_id","target_kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "brand_revenue" (
	"organization_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_revenue_pkey" PRIMARY KEY("organization_id","brand_id","month")
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"color" text DEFAULT '#6366F1' NOT NULL,
	"description" text,
	"entity_id" uuid,
	"logo_key" text,
	"logo_type" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "department_allocations" (
	"organization_id" uuid NOT NULL,
	"department" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	CONSTRAINT "department_allocations_pkey" PRIMARY KEY("organization_id","department")
);
--> statement-breakpoint
CREATE TABLE "entities" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"legal_name" text,
	"country" text,
	"functional_currency" text NOT NULL,
	"tax_id" text,
	"cost_centre" text,
	"parent_id" uuid,
	"is_default" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entities_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "expense_month_totals" (
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"currency" text NOT NULL,
	"subscription_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"count" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"converted_minor" numeric(30, 6) NOT NULL,
	"unconverted_count" bigint NOT NULL,
	"unconverted_minor" bigint NOT NULL,
	CONSTRAINT "expense_month_totals_pkey" PRIMARY KEY("organization_id","month","currency","subscription_id","expense_id")
);
--> statement-breakpoint
CREATE TABLE "fx_rates" (
	"organization_id" uuid NOT NULL,
	"date" date NOT NULL,
	"base" text NOT NULL,
	"quote" text NOT NULL,
	"rate" numeric(24, 12) NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fx_rates_pkey" PRIMARY KEY("organization_id","base","quote","date"),
	CONSTRAINT "fx_rates_rate_check" CHECK ("fx_rates"."rate" > 0)
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "has_own_allocation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "entity_id" uuid;--> statement-breakpoint
ALTER TABLE "people" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "allocation_shares" ADD CONSTRAINT "allocation_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_shares" ADD CONSTRAINT "allocation_shares_entity_fk" FOREIGN KEY ("organization_id","entity_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_shares" ADD CONSTRAINT "allocation_shares_brand_fk" FOREIGN KEY ("organization_id","brand_id") REFERENCES "public"."brands"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_revenue" ADD CONSTRAINT "brand_revenue_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_revenue" ADD CONSTRAINT "brand_revenue_brand_fk" FOREIGN KEY ("organization_id","brand_id") REFERENCES "public"."brands"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_entity_fk" FOREIGN KEY ("organization_id","entity_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE set null (entity_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_allocations" ADD CONSTRAINT "department_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_allocations" ADD CONSTRAINT "department_allocations_entity_fk" FOREIGN KEY ("organization_id","entity_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_allocations" ADD CONSTRAINT "department_allocations_brand_fk" FOREIGN KEY ("organization_id","brand_id") REFERENCES "public"."brands"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_parent_fk" FOREIGN KEY ("organization_id","parent_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE set null (parent_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_month_totals" ADD CONSTRAINT "expense_month_totals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fx_rates" ADD CONSTRAINT "fx_rates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_shares_org_brand_idx" ON "allocation_shares" USING btree ("organization_id","brand_id","target_kind");--> statement-breakpoint
CREATE INDEX "allocation_shares_org_entity_idx" ON "allocation_shares" USING btree ("organization_id","entity_id","target_kind");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_org_name_idx" ON "brands" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "brands_org_default_idx" ON "brands" USING btree ("organization_id") WHERE "brands"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "entities_org_name_idx" ON "entities" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "entities_org_default_idx" ON "entities" USING btree ("organization_id") WHERE "entities"."is_default";--> statement-breakpoint
CREATE INDEX "fx_rates_org_quote_idx" ON "fx_rates" USING btree ("organization_id","quote","date");--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_entity_fk" FOREIGN KEY ("organization_id","entity_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE set null (entity_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_brand_fk" FOREIGN KEY ("organization_id","brand_id") REFERENCES "public"."brands"("organization_id","id") ON DELETE set null (brand_id) ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "brand_id";--> statement-breakpoint
ALTER TABLE "subscriptions" DROP COLUMN "entity_id";--> statement-breakpoint
ALTER TABLE "expenses" DROP COLUMN "entity_id";--> statement-breakpoint
ALTER TABLE "expenses" DROP COLUMN "brand_id";--> statement-breakpoint
-- Every organization has one default entity and one default brand (the "1 entity, 1 brand" of
-- Starter and Growth): made with the organization, whatever path inserts it.
CREATE FUNCTION organizations_default_entity_brand() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO entities (organization_id, name, functional_currency, is_default)
  SELECT n.id, n.name, n.currency, true FROM new_rows n ORDER BY 1;
  INSERT INTO brands (organization_id, name, entity_id, is_default)
  SELECT e.organization_id, e.name, e.id, true FROM entities e JOIN new_rows n ON n.id = e.organization_id
  WHERE e.is_default ORDER BY 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_default_entity_brand AFTER INSERT ON organizations REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION organizations_default_entity_brand();
--> statement-breakpoint
INSERT INTO entities (organization_id, name, functional_currency, is_default)
SELECT o.id, o.name, o.currency, true FROM organizations o;
--> statement-breakpoint
INSERT INTO brands (organization_id, name, entity_id, is_default)
SELECT e.organization_id, e.name, e.id, true FROM entities e WHERE e.is_default;
--> statement-breakpoint
-- Digits after the decimal point, as common/money.ts CURRENCIES (a test keeps the two equal).
CREATE FUNCTION currency_exponent(c text) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN c IN ('JPY', 'ISK', 'CLP', 'KRW', 'VND') THEN 0 WHEN c IN ('KWD', 'BHD', 'OMR', 'JOD') THEN 3 ELSE 2 END
$$;
--> statement-breakpoint
-- Units of p_to per unit of p_from on p_on: the latest rate on or before that day and at most 7 days
-- older (FX_LOOKBACK_DAYS: weekends and holidays have none), quoted directly, inverted, or through a
-- common base quoted on the same day (the ECB quotes every currency against EUR). Null when none:
-- a missing rate is reported as missing, never guessed.
CREATE FUNCTION fx_rate(p_org uuid, p_from text, p_to text, p_on date) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN p_from = p_to THEN 1::numeric ELSE (
    SELECT c.rate FROM (
      SELECT q.date, 0 AS pref, CASE WHEN q.base = p_from THEN q.rate ELSE 1 / q.rate END AS rate
      FROM fx_rates q
      WHERE q.organization_id = p_org AND q.date BETWEEN p_on - 7 AND p_on
        AND ((q.base = p_from AND q.quote = p_to) OR (q.base = p_to AND q.quote = p_from))
      UNION ALL
      SELECT a.date, 1, b.rate / a.rate
      FROM fx_rates a JOIN fx_rates b ON b.organization_id = a.organization_id AND b.base = a.base AND b.date = a.date
      WHERE a.organization_id = p_org AND a.quote = p_from AND b.quote = p_to AND a.date BETWEEN p_on - 7 AND p_on
    ) c ORDER BY c.date DESC, c.pref LIMIT 1
  ) END
$$;
--> statement-breakpoint
-- Expenses per month, currency, application and (when allocated on its own) expense, converted into
-- the organization's currency at each charge's date; one grouped upsert per statement, the rate
-- looked up once per (day, currency) of the statement's rows. `src` is the statement's delta. The
-- statement is returned as text and EXECUTEd by the trigger function itself: transition tables are
-- visible only there, not in a function it calls.
CREATE FUNCTION expense_month_totals_sql(src text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    WITH delta AS (%s),
    day AS (
      SELECT d.organization_id, d.date, d.currency, d.sub, d.exp, sum(d.n) AS n, sum(d.amt) AS amt
      FROM delta d GROUP BY 1, 2, 3, 4, 5 HAVING sum(d.n) <> 0 OR sum(d.amt) <> 0
    ),
    rated AS (
      SELECT k.organization_id, k.date, k.currency,
        fx_rate(k.organization_id, k.currency, o.currency, k.date)
          * power(10::numeric, currency_exponent(o.currency) - currency_exponent(k.currency)) AS factor
      FROM (SELECT DISTINCT organization_id, date, currency FROM day) k JOIN organizations o ON o.id = k.organization_id
    )
    INSERT INTO expense_month_totals AS t (organization_id, month, currency, subscription_id, expense_id, count, amount_minor, converted_minor, unconverted_count, unconverted_minor)
    SELECT d.organization_id, date_trunc('month', d.date)::date, d.currency, d.sub, d.exp, sum(d.n), sum(d.amt),
      coalesce(sum(d.amt * r.factor), 0), coalesce(sum(d.n) FILTER (WHERE r.factor IS NULL), 0), coalesce(sum(d.amt) FILTER (WHERE r.factor IS NULL), 0)
    FROM day d JOIN rated r ON r.organization_id = d.organization_id AND r.date = d.date AND r.currency = d.currency
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.n) <> 0 OR sum(d.amt) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (organization_id, month, currency, subscription_id, expense_id) DO UPDATE SET
      count = t.count + excluded.count, amount_minor = t.amount_minor + excluded.amount_minor,
      converted_minor = t.converted_minor + excluded.converted_minor,
      unconverted_count = t.unconverted_count + excluded.unconverted_count,
      unconverted_minor = t.unconverted_minor + excluded.unconverted_minor
  $q$, src)
$f$;
--> statement-breakpoint
CREATE FUNCTION expense_month_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plus text := $s$SELECT r.organization_id, r.date, r.currency, coalesce(r.subscription_id, '00000000-0000-0000-0000-000000000000') AS sub, CASE WHEN r.has_own_allocation THEN r.id ELSE '00000000-0000-0000-0000-000000000000' END AS exp, 1 AS n, r.amount_minor AS amt FROM new_rows r$s$;
  minus text := $s$SELECT r.organization_id, r.date, r.currency, coalesce(r.subscription_id, '00000000-0000-0000-0000-000000000000') AS sub, CASE WHEN r.has_own_allocation THEN r.id ELSE '00000000-0000-0000-0000-000000000000' END AS exp, -1 AS n, -r.amount_minor AS amt FROM old_rows r$s$;
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
CREATE TRIGGER expense_month_totals_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER expense_month_totals_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_month_totals_apply();
--> statement-breakpoint
CREATE TRIGGER expense_month_totals_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expense_month_totals_apply();
--> statement-breakpoint
-- Recomputes one organization's months from p_from to p_to from its expenses (rates or its currency
-- changed). O(expenses in range): rate imports and currency changes are rare.
CREATE FUNCTION expense_month_totals_recompute(p_org uuid, p_from date, p_to date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  m_from date := date_trunc('month', p_from)::date;
  m_to date := (date_trunc('month', p_to) + interval '1 month')::date;
BEGIN
  DELETE FROM expense_month_totals WHERE organization_id = p_org AND month >= m_from AND month < m_to;
  EXECUTE expense_month_totals_sql(format(
    $s$SELECT r.organization_id, r.date, r.currency, coalesce(r.subscription_id, '00000000-0000-0000-0000-000000000000') AS sub, CASE WHEN r.has_own_allocation THEN r.id ELSE '00000000-0000-0000-0000-000000000000' END AS exp, 1 AS n, r.amount_minor AS amt FROM expenses r WHERE r.organization_id = %L AND r.date >= %L AND r.date < %L$s$,
    p_org, m_from, m_to));
END $$;
--> statement-breakpoint
-- New, changed or deleted rates: the months they can reach (a rate serves up to 7 days after it).
CREATE FUNCTION fx_rates_reconvert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN EXECUTE
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT organization_id, min(date) AS lo, max(date) + 7 AS hi FROM new_rows GROUP BY 1 ORDER BY 1'
      WHEN 'DELETE' THEN 'SELECT organization_id, min(date) AS lo, max(date) + 7 AS hi FROM old_rows GROUP BY 1 ORDER BY 1'
      ELSE 'SELECT organization_id, min(date) AS lo, max(date) + 7 AS hi FROM (SELECT organization_id, date FROM new_rows UNION ALL SELECT organization_id, date FROM old_rows) x GROUP BY 1 ORDER BY 1'
    END
  LOOP
    IF EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id) THEN
      PERFORM expense_month_totals_recompute(r.organization_id, r.lo, r.hi);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER fx_rates_reconvert_insert AFTER INSERT ON fx_rates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fx_rates_reconvert();
--> statement-breakpoint
CREATE TRIGGER fx_rates_reconvert_update AFTER UPDATE ON fx_rates REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fx_rates_reconvert();
--> statement-breakpoint
CREATE TRIGGER fx_rates_reconvert_delete AFTER DELETE ON fx_rates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION fx_rates_reconvert();
--> statement-breakpoint
CREATE FUNCTION organizations_currency_reconvert() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lo date;
  hi date;
BEGIN
  SELECT min(month), max(month) INTO lo, hi FROM expense_month_totals WHERE organization_id = NEW.id;
  IF lo IS NOT NULL THEN
    PERFORM expense_month_totals_recompute(NEW.id, lo, hi);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER organizations_currency_reconvert AFTER UPDATE OF currency ON organizations
  FOR EACH ROW WHEN (OLD.currency IS DISTINCT FROM NEW.currency) EXECUTE FUNCTION organizations_currency_reconvert();
--> statement-breakpoint
DO $$ BEGIN
  EXECUTE expense_month_totals_sql($s$SELECT r.organization_id, r.date, r.currency, coalesce(r.subscription_id, '00000000-0000-0000-0000-000000000000') AS sub, '00000000-0000-0000-0000-000000000000'::uuid AS exp, 1 AS n, r.amount_minor AS amt FROM expenses r$s$);
END $$;
--> statement-breakpoint
-- The applications list shows and filters by entity and brand, and converts its totals: writes to
-- them bump the organization's list version like writes to applications (migration 0018).
CREATE TRIGGER allocation_shares_versions_insert AFTER INSERT ON allocation_shares REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER allocation_shares_versions_delete AFTER DELETE ON allocation_shares REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER allocation_shares_versions_update AFTER UPDATE ON allocation_shares REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER brands_versions_update AFTER UPDATE ON brands REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER entities_versions_update AFTER UPDATE ON entities REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER fx_rates_versions_insert AFTER INSERT ON fx_rates REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER fx_rates_versions_update AFTER UPDATE ON fx_rates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER fx_rates_versions_delete AFTER DELETE ON fx_rates REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
