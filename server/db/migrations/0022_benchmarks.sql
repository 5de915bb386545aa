-- Benchmarks (issue 17): per-organization settings (peer sharing, Starter's benchmark tools), the
-- installation-wide nightly peer aggregate and its runs (reference tables), and group offers with
-- the organizations' requests for them.
CREATE TABLE "benchmark_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"peer_sharing" boolean DEFAULT true NOT NULL,
	"selected_subscription_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_offer_requests" (
	"organization_id" uuid NOT NULL,
	"offer_id" uuid NOT NULL,
	"requested_by" uuid,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_offer_requests_pkey" PRIMARY KEY("organization_id","offer_id")
);
--> statement-breakpoint
CREATE TABLE "group_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_slug" text NOT NULL,
	"title" text NOT NULL,
	"discount_percent" numeric NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"expires_on" date,
	"source" text DEFAULT 'api' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_benchmark_runs" (
	"run_date" date PRIMARY KEY NOT NULL,
	"contributors" integer NOT NULL,
	"cells" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "peer_benchmarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"catalog_slug" text NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"seat_band" text NOT NULL,
	"term" text NOT NULL,
	"unit" text NOT NULL,
	"currency" text NOT NULL,
	"p25_minor" bigint NOT NULL,
	"median_minor" bigint NOT NULL,
	"p75_minor" bigint NOT NULL,
	"deciles" numeric[] NOT NULL,
	"organizations" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "benchmark_settings" ADD CONSTRAINT "benchmark_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_offer_requests" ADD CONSTRAINT "group_offer_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_offer_requests" ADD CONSTRAINT "group_offer_requests_offer_id_group_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."group_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_offer_requests" ADD CONSTRAINT "group_offer_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "peer_benchmarks_cell_idx" ON "peer_benchmarks" USING btree ("catalog_slug","plan","seat_band","term","unit","currency");