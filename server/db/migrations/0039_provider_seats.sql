ALTER TABLE "license_pools" ADD COLUMN "seats_source" text;--> statement-breakpoint
ALTER TABLE "license_pools" ADD COLUMN "seats_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discovered_apps" ADD COLUMN "seats_purchased" integer;