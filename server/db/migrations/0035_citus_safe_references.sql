ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_vendor_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_category_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_payment_method_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" DROP CONSTRAINT "subscriptions_import_fk";
--> statement-breakpoint
ALTER TABLE "expense_rules" DROP CONSTRAINT "expense_rules_category_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_vendor_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_subscription_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_suggested_subscription_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_payment_method_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_category_fk";
--> statement-breakpoint
ALTER TABLE "expenses" DROP CONSTRAINT "expenses_project_fk";
--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_manager_fk";
--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_entity_fk";
--> statement-breakpoint
ALTER TABLE "people" DROP CONSTRAINT "people_brand_fk";
--> statement-breakpoint
ALTER TABLE "contracts" DROP CONSTRAINT "contracts_replaces_fk";
--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_expense_fk";
--> statement-breakpoint
ALTER TABLE "inbound_messages" DROP CONSTRAINT "inbound_messages_subscription_fk";
--> statement-breakpoint
ALTER TABLE "brands" DROP CONSTRAINT "brands_entity_fk";
--> statement-breakpoint
ALTER TABLE "entities" DROP CONSTRAINT "entities_parent_fk";
--> statement-breakpoint
ALTER TABLE "report_deliveries" DROP CONSTRAINT "report_deliveries_schedule_fk";
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_category_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_import_fk" FOREIGN KEY ("organization_id","import_id") REFERENCES "public"."imports"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_rules" ADD CONSTRAINT "expense_rules_category_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_suggested_subscription_fk" FOREIGN KEY ("organization_id","suggested_subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_method_fk" FOREIGN KEY ("organization_id","payment_method_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_fk" FOREIGN KEY ("organization_id","category_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_project_fk" FOREIGN KEY ("organization_id","project_id") REFERENCES "public"."settings_items"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_manager_fk" FOREIGN KEY ("organization_id","manager_id") REFERENCES "public"."people"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_entity_fk" FOREIGN KEY ("organization_id","entity_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "people" ADD CONSTRAINT "people_brand_fk" FOREIGN KEY ("organization_id","brand_id") REFERENCES "public"."brands"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_replaces_fk" FOREIGN KEY ("organization_id","replaces_contract_id") REFERENCES "public"."contracts"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_expense_fk" FOREIGN KEY ("organization_id","expense_id") REFERENCES "public"."expenses"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_messages" ADD CONSTRAINT "inbound_messages_subscription_fk" FOREIGN KEY ("organization_id","subscription_id") REFERENCES "public"."subscriptions"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_entity_fk" FOREIGN KEY ("organization_id","entity_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entities" ADD CONSTRAINT "entities_parent_fk" FOREIGN KEY ("organization_id","parent_id") REFERENCES "public"."entities"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_deliveries" ADD CONSTRAINT "report_deliveries_schedule_fk" FOREIGN KEY ("organization_id","schedule_id") REFERENCES "public"."report_schedules"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Citus runs a reference table's triggers on every node (docs/deploy.md, "Triggers"): the default entity
-- and brand are made with the organization, in its transaction (insertDefaultEntityAndBrand).
DROP TRIGGER IF EXISTS organizations_default_entity_brand ON organizations;--> statement-breakpoint
DROP FUNCTION IF EXISTS organizations_default_entity_brand();--> statement-breakpoint
-- The organization's currency change converts the month totals again itself (organizationsNeeds.currencyChanged).
DROP TRIGGER IF EXISTS organizations_currency_reconvert ON organizations;--> statement-breakpoint
DROP FUNCTION IF EXISTS organizations_currency_reconvert();--> statement-breakpoint
-- A user's new name or e-mail bumps the lists showing it from the update itself (updateUser).
DROP TRIGGER IF EXISTS users_versions_update ON users;--> statement-breakpoint
DROP FUNCTION IF EXISTS subscription_versions_bump_owner();
