ALTER TABLE "license_assignments" ADD COLUMN "assigned_from" text;--> statement-breakpoint
-- Seats a connector's sync assigned before this column (nobody assigned them: assigned_by is null)
-- in a pool that connector keeps are its own; the rest were entered by hand or imported.
UPDATE "license_assignments" AS a SET "assigned_from" = p."seats_source"
FROM "license_pools" AS p
WHERE p."id" = a."pool_id" AND p."organization_id" = a."organization_id"
  AND p."seats_source" IS NOT NULL AND a."assigned_by" IS NULL;
