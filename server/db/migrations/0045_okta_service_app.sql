ALTER TABLE "connections" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "connections" ADD COLUMN "client_key" text;