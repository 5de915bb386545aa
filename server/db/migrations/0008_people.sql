CREATE TABLE "attestation_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"sent_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"answer" text
);
--> statement-breakpoint
CREATE TABLE "license_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"pool_id" uuid NOT NULL,
	"person_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"last_active_at" timestamp with time zone,
	"source" text DEFAULT 'manual' NOT NULL,
	"assigned_by" uuid,
	"unassigned_at" timestamp with time zone,
	"unassign_reason" text
);
--> statement-breakpoint
CREATE TABLE "license_pools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"tier_name" text NOT NULL,
	"seats" integer,
	"unit_price_minor" bigint DEFAULT 0 NOT NULL,
	"billing_cycle" text DEFAULT 'monthly' NOT NULL,
	"interval_months" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"department" text,
	"team" text,
	"title" text,
	"manager_id" uuid,
	"status" text DEFAULT 'active' NOT NULL,
	"start_date" date,
	"end_date" date,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "license_inactivity_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "attestation_tokens" ADD CONSTRAINT "attestation_tokens_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_tokens" ADD CONSTRAINT "attestation_tokens_assignment_id_license_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."license_assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attestation_tokens" ADD CONSTRAINT "attestation_tokens_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_pool_id_license_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."license_pools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_person_id_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_assignments" ADD CONSTRAINT "license_assignments_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_pools" ADD CONSTRAINT "license_pools_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_pools" ADD CONSTRAINT "license_pools_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_manager_id_people_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."people"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "attestation_tokens_hash_idx" ON "attestation_tokens" USING btree ("organization_id","token_hash");--> statement-breakpoint
CREATE INDEX "attestation_tokens_org_assignment_idx" ON "attestation_tokens" USING btree ("organization_id","assignment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "license_assignments_open_idx" ON "license_assignments" USING btree ("organization_id","pool_id","person_id") WHERE "license_assignments"."unassigned_at" is null;--> statement-breakpoint
CREATE INDEX "license_assignments_org_pool_idx" ON "license_assignments" USING btree ("organization_id","pool_id","unassigned_at");--> statement-breakpoint
CREATE INDEX "license_assignments_org_person_idx" ON "license_assignments" USING btree ("organization_id","person_id","unassigned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "license_pools_org_app_tier_idx" ON "license_pools" USING btree ("organization_id","subscription_id",lower("tier_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "people_org_email_idx" ON "people" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "people_org_status_idx" ON "people" USING btree ("organization_id","status","last_name","first_name");--> statement-breakpoint
CREATE INDEX "people_org_department_idx" ON "people" USING btree ("organization_id","department","team");