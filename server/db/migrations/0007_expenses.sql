CREATE TABLE "budgets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"period" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"scope" text DEFAULT 'organization' NOT NULL,
	"scope_id" uuid,
	"scope_value" text,
	"thresholds" integer[] DEFAULT '{80,100}'::integer[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"file_size" integer NOT NULL,
	"format" text NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"storage_key" text,
	"mapping" jsonb,
	"row_count" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "expense_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"pattern" text NOT NULL,
	"match_type" text DEFAULT 'exact' NOT NULL,
	"subscription_id" uuid NOT NULL,
	"category_id" uuid,
	"learned" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"merchant" text NOT NULL,
	"merchant_key" text NOT NULL,
	"merchant_name" text NOT NULL,
	"description" text,
	"vendor_id" uuid,
	"subscription_id" uuid,
	"suggested_subscription_id" uuid,
	"payment_method_id" uuid,
	"category_id" uuid,
	"project_id" uuid,
	"department" text,
	"entity_id" uuid,
	"brand_id" uuid,
	"invoice_number" text,
	"service_period_start" date,
	"service_period_end" date,
	"document_key" text,
	"document_name" text,
	"document_type" text,
	"document_size" integer,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text,
	"match_status" text DEFAULT 'unmatched' NOT NULL,
	"match_method" text,
	"match_confidence" real,
	"over_expected_percent" integer,
	"charged_after_cancellation" boolean DEFAULT false NOT NULL,
	"notes" text,
	"import_batch_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "cost_alert_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_import_batches" ADD CONSTRAINT "expense_import_batches_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rules" ADD CONSTRAINT "expense_rules_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rules" ADD CONSTRAINT "expense_rules_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rules" ADD CONSTRAINT "expense_rules_category_id_settings_items_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."settings_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_suggested_subscription_id_subscriptions_id_fk" FOREIGN KEY ("suggested_subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_method_id_settings_items_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."settings_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_id_settings_items_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."settings_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_project_id_settings_items_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."settings_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "budgets_org_idx" ON "budgets" USING btree ("organization_id","name");--> statement-breakpoint
CREATE INDEX "expense_import_batches_org_idx" ON "expense_import_batches" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_rules_org_pattern_idx" ON "expense_rules" USING btree ("organization_id","match_type","pattern");--> statement-breakpoint
CREATE INDEX "expenses_org_date_idx" ON "expenses" USING btree ("organization_id","date","id");--> statement-breakpoint
CREATE INDEX "expenses_org_sub_date_idx" ON "expenses" USING btree ("organization_id","subscription_id","date");--> statement-breakpoint
CREATE INDEX "expenses_org_match_date_idx" ON "expenses" USING btree ("organization_id","match_status","date");