ALTER TABLE "subscriptions" ADD COLUMN "cancelled_on" date;--> statement-breakpoint
-- Applications already cancelled: the day of their last change to cancelled in the audit log (an
-- edit audits { status: { to } }, a bulk edit or a creation { status }), never later than their
-- last update; with no such entry, the day of their last update. UTC days, like the app's "today".
UPDATE "subscriptions" AS s
SET "cancelled_on" = (least(coalesce((
    SELECT max(a."created_at") FROM "audit_events" AS a
    WHERE a."organization_id" = s."organization_id"
      AND a."entity_type" = 'subscription'
      AND a."entity_id" = s."id"::text
      AND (a."changes" -> 'status' ->> 'to' = 'cancelled' OR a."changes" ->> 'status' = 'cancelled')
  ), s."updated_at"), s."updated_at") AT TIME ZONE 'UTC')::date
WHERE s."status" = 'cancelled';
