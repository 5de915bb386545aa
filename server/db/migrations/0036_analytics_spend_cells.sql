CREATE TABLE "analytics_spend_cells" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"subscription_id" uuid NOT NULL,
	"category_id" uuid,
	"department" text,
	"vendor_id" uuid,
	"payment_method_id" uuid,
	"owner_user_id" uuid,
	"entity_id" uuid,
	"brand_id" uuid,
	"weighted_minor" numeric NOT NULL,
	"whole_minor" numeric NOT NULL,
	CONSTRAINT "analytics_spend_cells_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "analytics_spend_dirty" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"subscription_id" uuid,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_spend_dirty_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "analytics_spend_groups" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	"weighted_minor" numeric NOT NULL,
	"whole_minor" numeric NOT NULL,
	"cells" integer NOT NULL,
	CONSTRAINT "analytics_spend_groups_pkey" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "analytics_spend_cells" ADD CONSTRAINT "analytics_spend_cells_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_spend_dirty" ADD CONSTRAINT "analytics_spend_dirty_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_spend_groups" ADD CONSTRAINT "analytics_spend_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_spend_cells_org_month_idx" ON "analytics_spend_cells" USING btree ("organization_id","month");--> statement-breakpoint
CREATE INDEX "analytics_spend_cells_org_subscription_idx" ON "analytics_spend_cells" USING btree ("organization_id","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_spend_groups_key_idx" ON "analytics_spend_groups" USING btree ("organization_id","dimension","month","key","entity_id","brand_id");
--> statement-breakpoint
-- Issue 34: analytics reads analytics_spend_cells, built by its queued job. Every write that changes
-- what the cells hold marks the applications it touches in analytics_spend_dirty, in the writer's
-- transaction (a statement-level insert of the distinct ids, not a rebuild): the rollup's rows (expense
-- writes, rate changes and currency changes reconvert it), applications' keys and allocation shares.
-- While an organization has a mark, analytics answers from the raw rollup.
CREATE FUNCTION analytics_spend_dirty_rollup() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO analytics_spend_dirty (organization_id, subscription_id)
    SELECT DISTINCT r.organization_id, r.subscription_id FROM old_rows r
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id);
  ELSE
    INSERT INTO analytics_spend_dirty (organization_id, subscription_id)
    SELECT DISTINCT r.organization_id, r.subscription_id FROM new_rows r
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_spend_dirty_rollup_insert AFTER INSERT ON expense_month_totals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_spend_dirty_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_spend_dirty_rollup_update AFTER UPDATE ON expense_month_totals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_spend_dirty_rollup();
--> statement-breakpoint
CREATE TRIGGER analytics_spend_dirty_rollup_delete AFTER DELETE ON expense_month_totals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_spend_dirty_rollup();
--> statement-breakpoint
-- An application's keys the cells resolve (its category, department, vendor, payment method, owner).
CREATE FUNCTION analytics_spend_dirty_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_spend_dirty (organization_id, subscription_id)
  SELECT DISTINCT n.organization_id, n.id FROM new_rows n
  JOIN old_rows p ON p.organization_id = n.organization_id AND p.id = n.id
  WHERE (n.category_id, n.department, n.vendor_id, n.payment_method_id, n.owner_user_id)
    IS DISTINCT FROM (p.category_id, p.department, p.vendor_id, p.payment_method_id, p.owner_user_id)
    AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_spend_dirty_subscriptions_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_spend_dirty_subscriptions();
--> statement-breakpoint
-- Shares of an application, or of an expense allocated on its own (its application's cells; the nil
-- id for an unmatched one). License pools' shares split no charge.
CREATE FUNCTION analytics_spend_dirty_shares() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rel text := CASE TG_OP WHEN 'INSERT' THEN 'new_rows' WHEN 'DELETE' THEN 'old_rows'
    ELSE '(SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows)' END;
BEGIN
  EXECUTE format($q$INSERT INTO analytics_spend_dirty (organization_id, subscription_id)
    SELECT DISTINCT r.organization_id, CASE WHEN r.target_kind = 'subscription' THEN r.target_id
      ELSE coalesce(e.subscription_id, '00000000-0000-0000-0000-000000000000') END
    FROM %s r
    LEFT JOIN expenses e ON r.target_kind = 'expense' AND e.organization_id = r.organization_id AND e.id = r.target_id
    WHERE r.target_kind IN ('subscription', 'expense')
      AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id)$q$, rel);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_spend_dirty_shares_insert AFTER INSERT ON allocation_shares REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_spend_dirty_shares();
--> statement-breakpoint
CREATE TRIGGER analytics_spend_dirty_shares_update AFTER UPDATE ON allocation_shares REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_spend_dirty_shares();
--> statement-breakpoint
CREATE TRIGGER analytics_spend_dirty_shares_delete AFTER DELETE ON allocation_shares REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_spend_dirty_shares();
--> statement-breakpoint
-- Existing organizations: the whole of each is to be built.
INSERT INTO analytics_spend_dirty (organization_id, subscription_id)
SELECT DISTINCT organization_id, NULL::uuid FROM expense_month_totals;
