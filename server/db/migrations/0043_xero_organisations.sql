-- Xero syncs every organisation a consent reached: the ids of its expenses and the steps of its
-- cursors are namespaced by tenant id, and the connection no longer names one organisation.
UPDATE "expenses" AS e SET "source_id" = c."account_id" || ':' || e."source_id"
FROM "connections" AS c
WHERE c."organization_id" = e."organization_id" AND c."provider" = 'xero' AND c."account_id" IS NOT NULL
  AND e."source" = 'xero' AND e."source_id" ~ '^(Invoice|BankTransaction):';
--> statement-breakpoint
UPDATE "connections" SET
  "cursors" = (
    SELECT coalesce(jsonb_object_agg(CASE WHEN key IN ('bills', 'spend') THEN key || ':' || "account_id" ELSE key END, value), '{}'::jsonb)
    FROM jsonb_each("cursors")
  ),
  "account_id" = NULL
WHERE "provider" = 'xero' AND "account_id" IS NOT NULL;
