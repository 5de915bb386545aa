-- One cost-alert threshold: the notification rules' costAlert.thresholdPct. An organization that had
-- changed the expenses tolerance keeps its value there before the old column goes.
UPDATE "notification_settings" AS ns
SET "rules" = jsonb_set(
  ns."rules",
  '{costAlert}',
  jsonb_build_object(
    'enabled', coalesce((ns."rules" -> 'costAlert' ->> 'enabled')::boolean, true),
    'thresholdPct', o."cost_alert_percent"
  )
)
FROM "organizations" AS o
WHERE o."id" = ns."organization_id" AND o."cost_alert_percent" <> 10;--> statement-breakpoint
INSERT INTO "notification_settings" ("organization_id", "rules", "email_roles")
SELECT o."id", jsonb_build_object('costAlert', jsonb_build_object('enabled', true, 'thresholdPct', o."cost_alert_percent")), ARRAY['owner', 'admin']
FROM "organizations" AS o
WHERE o."cost_alert_percent" <> 10
  AND NOT EXISTS (SELECT 1 FROM "notification_settings" WHERE "organization_id" = o."id");--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "cost_alert_percent";
