CREATE TABLE "subscription_versions" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_versions" ADD CONSTRAINT "subscription_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- One bump per write statement and organization, in the writer's transaction (like the rollups of
-- 0016): a cache keyed on the version is never older than the data a request can read.
CREATE FUNCTION subscription_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO subscription_versions AS v (organization_id, version)
    SELECT DISTINCT r.organization_id, 1 FROM new_rows r
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id)
    ORDER BY 1
    ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  ELSE
    INSERT INTO subscription_versions AS v (organization_id, version)
    SELECT DISTINCT r.organization_id, 1 FROM old_rows r
    WHERE EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id)
    ORDER BY 1
    ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_versions_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER subscription_versions_update AFTER UPDATE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER subscription_versions_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
