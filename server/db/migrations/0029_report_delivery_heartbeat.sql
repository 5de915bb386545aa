ALTER TABLE "report_deliveries" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "report_deliveries_sending_idx" ON "report_deliveries" USING btree ("heartbeat_at") WHERE "report_deliveries"."status" = 'sending';--> statement-breakpoint
UPDATE "report_deliveries" SET "heartbeat_at" = "created_at" WHERE "status" = 'sending';