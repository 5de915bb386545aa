CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_by" uuid,
	"kind" text NOT NULL,
	"filename" text,
	"content" text,
	"status" text DEFAULT 'previewed' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"imported_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_price_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_date" date NOT NULL,
	"changed_by" uuid,
	"source" text NOT NULL,
	"fields" text[] NOT NULL,
	"previous" jsonb,
	"current" jsonb NOT NULL
);
--> statement-breakpoint
DROP INDEX "subscriptions_org_idx";--> statement-breakpoint
DROP INDEX "subscriptions_org_renewal_idx";--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "monthly_cost_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "annual_cost_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_price_changes" ADD CONSTRAINT "subscription_price_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_price_changes" ADD CONSTRAINT "subscription_price_changes_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_price_changes" ADD CONSTRAINT "subscription_price_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_org_created_idx" ON "imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_price_changes_org_sub_idx" ON "subscription_price_changes" USING btree ("organization_id","subscription_id","changed_at");--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscriptions_org_name_idx" ON "subscriptions" USING btree ("organization_id",lower("name"),"id") WHERE "subscriptions"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_org_monthly_idx" ON "subscriptions" USING btree ("organization_id","monthly_cost_minor","id") WHERE "subscriptions"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_org_created_idx" ON "subscriptions" USING btree ("organization_id","created_at","id") WHERE "subscriptions"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "subscriptions_org_category_idx" ON "subscriptions" USING btree ("organization_id","category_id");--> statement-breakpoint
CREATE INDEX "subscriptions_org_owner_idx" ON "subscriptions" USING btree ("organization_id","owner_user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_org_renewal_idx" ON "subscriptions" USING btree ("organization_id","next_renewal_date","id") WHERE "subscriptions"."archived_at" is null;