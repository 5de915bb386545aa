ALTER TABLE "expenses" ADD COLUMN "source_id" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "account_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_org_source_id_idx" ON "expenses" USING btree ("organization_id","source","source_id") WHERE "expenses"."source_id" is not null;