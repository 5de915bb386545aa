CREATE TABLE "settings_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"color" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"vendor_id" uuid,
	"catalog_slug" text,
	"description" text,
	"category_id" uuid,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"use_case_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"project_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"payment_method_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"owner_user_id" uuid,
	"department" text,
	"brand_id" uuid,
	"entity_id" uuid,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"interval_months" integer,
	"pricing_model" text DEFAULT 'flat' NOT NULL,
	"amount_minor" bigint DEFAULT 0 NOT NULL,
	"unit_price_minor" bigint,
	"seats" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"start_date" date,
	"next_renewal_date" date,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"notice_period_days" integer DEFAULT 0 NOT NULL,
	"url" text,
	"notes" text,
	"archived_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"website" text,
	"domain" text,
	"account_manager_name" text,
	"account_manager_email" text,
	"account_manager_phone" text,
	"support_email" text,
	"support_url" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settings_items" ADD CONSTRAINT "settings_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_category_id_settings_items_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."settings_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_settings_items_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."settings_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settings_items_org_kind_name_idx" ON "settings_items" USING btree ("organization_id","kind",lower("name"));--> statement-breakpoint
CREATE INDEX "subscriptions_org_idx" ON "subscriptions" USING btree ("organization_id","archived_at","name");--> statement-breakpoint
CREATE INDEX "subscriptions_org_renewal_idx" ON "subscriptions" USING btree ("organization_id","next_renewal_date");--> statement-breakpoint
CREATE INDEX "subscriptions_org_vendor_idx" ON "subscriptions" USING btree ("organization_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_org_name_idx" ON "vendors" USING btree ("organization_id",lower("name"));