-- The applications list is cached under the organization's subscription_versions counter too, and it
-- shows vendor, category, payment-method and tag names and the owner's name: writes to those bump
-- the counter as writes to subscriptions do (same function, same transaction as the write).
CREATE TRIGGER vendors_versions_insert AFTER INSERT ON vendors REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER vendors_versions_update AFTER UPDATE ON vendors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER vendors_versions_delete AFTER DELETE ON vendors REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER settings_items_versions_insert AFTER INSERT ON settings_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER settings_items_versions_update AFTER UPDATE ON settings_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
CREATE TRIGGER settings_items_versions_delete AFTER DELETE ON settings_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump();
--> statement-breakpoint
-- A person's name or e-mail shows as an application's owner in every organization they belong to or
-- own applications in; other user updates (sign-in times, passwords) bump nothing.
CREATE FUNCTION subscription_versions_bump_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscription_versions AS v (organization_id, version)
  SELECT DISTINCT o.organization_id, 1 FROM (
    SELECT n.id FROM new_rows n JOIN old_rows p ON p.id = n.id
    WHERE (n.first_name, n.last_name, n.email) IS DISTINCT FROM (p.first_name, p.last_name, p.email)
  ) changed
  CROSS JOIN LATERAL (
    SELECT m.organization_id FROM memberships m WHERE m.user_id = changed.id
    UNION
    SELECT s.organization_id FROM subscriptions s WHERE s.owner_user_id = changed.id
  ) o
  ORDER BY 1
  ON CONFLICT (organization_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_versions_update AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION subscription_versions_bump_owner();
